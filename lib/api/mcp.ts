import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';

const jsonRpc = (description: string) =>
  z
    .object({ jsonrpc: z.literal('2.0') })
    .catchall(z.unknown())
    .meta({ description });

const jsonRpcError = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: z.object({
        jsonrpc: z.literal('2.0'),
        error: z.object({ code: z.number().int(), message: z.string() }),
        id: z.null(),
      }),
    },
  },
});

/** The Model Context Protocol server (app/api/mcp): one operation, JSON-RPC inside it (docs/mcp.md). */
export const mcpApi = {
  call: defineRoute({
    method: 'POST',
    path: '/mcp',
    auth: 'user',
    tags: ['mcp'],
    summary: 'Model Context Protocol (Streamable HTTP, stateless)',
    description:
      'The MCP endpoint for agents and MCP clients (Claude Desktop, Cursor, VS Code…): JSON-RPC 2.0 messages as the MCP ' +
      'Streamable HTTP transport sends them, answered as JSON (no session: every request is authenticated and may reach any ' +
      'instance). Tools: `search_knowledge`, `get_source`, `read_source` and `ask`, each only within the collections the key ' +
      'reads. An API key is required (`Authorization: Bearer`); cookies are not accepted. `GET` and `DELETE` answer 405: there ' +
      'is no server stream and no session to end. See docs/mcp.md.',
    body: {
      documented: {
        description:
          'A JSON-RPC request or notification (or a batch of them), e.g. `initialize`, `tools/list`, `tools/call`.',
        content: { 'application/json': { schema: jsonRpc('A JSON-RPC 2.0 message.') } },
      },
    },
    responses: {
      200: {
        description: 'The JSON-RPC response. A tool that fails answers `result.isError: true` with a message.',
        content: { 'application/json': { schema: jsonRpc('A JSON-RPC 2.0 response.') } },
      },
      202: { description: 'Only notifications were sent: nothing to answer.' },
      400: jsonRpcError('Not JSON, or not a JSON-RPC message (JSON-RPC error -32700 or -32600).'),
      406: jsonRpcError('`Accept` must name both `application/json` and `text/event-stream`.'),
      413: jsonRpcError('The body is over MAX_JSON_BYTES.'),
      415: jsonRpcError('The body must be `application/json`.'),
    },
  }),
};
