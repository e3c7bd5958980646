import { mcpApi as api } from '@/lib/api/mcp';
import { ApiError } from '@/lib/http/api-error';
import { serveRoute } from '@/lib/http/serve-route';
import { otherMethods } from '@/lib/http/with-api';
import { serveMcpRequest } from '@/lib/mcp/mcp-server';

// POST /api/mcp – the Model Context Protocol (Streamable HTTP, stateless): an agent's tools over the knowledge the key reads
export const POST = serveRoute(api.call, async ({ req, principal, requestId }) => {
  // A key only: a browser's cookies would let any page the person visits call tools as them.
  if (principal.via !== 'bearer') {
    throw new ApiError('unauthorized', 'MCP needs an API key: send "Authorization: Bearer <API key>".', {
      headers: { 'www-authenticate': 'Bearer realm="api"' },
    });
  }
  return serveMcpRequest({ req, principal, requestId });
});

// GET (a server stream) and DELETE (a session's end) answer 405, as the transport allows a stateless server to.
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.call);
