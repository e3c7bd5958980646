import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { api, BASE } from '../../support/http';

export const MCP_URL = new URL('/api/mcp', BASE);

/**
 * The SDK's own fetch calls, served by the real route handler (through the same route table as
 * every integration test's `api`): the client's requests and headers as it sends them.
 */
async function routeFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const req = new Request(input, init);
  const body = req.body ? await req.text() : undefined;
  return api(req.method, new URL(req.url).pathname, { headers: Object.fromEntries(req.headers), body });
}

/** The SDK client, connected (initialize, initialized) with this key, or with none. */
export async function connectMcp(key?: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'groundwork-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(MCP_URL, {
    fetch: routeFetch,
    requestInit: { headers: { ...headers, ...(key ? { authorization: `Bearer ${key}` } : {}) } },
  });
  await client.connect(transport);
  return client;
}

/** A tool call's result, with its JSON text read back (what a model sees) when it succeeded. */
export async function callTool<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown>,
) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return { result, text, isError: result.isError === true, value: (result.isError ? null : JSON.parse(text)) as T };
}

/** A raw JSON-RPC POST as any MCP client sends it (no initialize needed: the server is stateless). */
export function postMcp(body: string, { key, headers = {} }: { key?: string; headers?: Record<string, string> } = {}) {
  return api('POST', '/api/mcp', {
    key,
    body,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
  });
}

export const toolsCall = (name: string, args: Record<string, unknown>, id = 1) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
