import 'server-only';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { readableCollections, type Reach } from '@/lib/access';
import type { Principal } from '@/lib/auth/principal';
import { config } from '@/lib/config';
import { registerAskTool } from './ask-tool';
import { registerKnowledgeTools } from './knowledge-tools';

const INSTRUCTIONS =
  'Tools over a knowledge base of documents, answering only from what this API key may read. ' +
  'search_knowledge finds passages; get_source and read_source describe a source and page through its text; ' +
  'ask gives a grounded answer with numbered citations. Cite passages by their source title.';

/**
 * One MCP request, statelessly: a server and a transport made for this request alone, holding
 * nothing between requests, so any instance behind a load balancer can answer any request and
 * the key is checked (and its reach read) on every one. Answers are plain JSON, not SSE: no tool
 * sends progress, and a stateless server has nothing to push on a standing stream.
 */
export async function serveMcpRequest({
  req,
  principal,
  requestId,
}: {
  req: Request;
  principal: Principal;
  requestId: string;
}): Promise<Response> {
  let readable: Promise<Reach> | undefined;
  // Read once per request, and only by a tool call (initialize and tools/list need no database).
  const reach = () => (readable ??= readableCollections(principal));
  const server = new McpServer({ name: 'groundwork', version: '1.0.0' }, { instructions: INSTRUCTIONS });
  registerKnowledgeTools(server, { reach, requestId });
  registerAskTool(server, { principal, reach, requestId });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: config().MAX_JSON_BYTES,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(req);
  } finally {
    await server.close();
  }
}
