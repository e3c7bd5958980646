import { createDocument, type ZodOpenApiPathsObject } from 'zod-openapi';
import { apiRoutes } from '@/lib/api';
import { errorResponses } from '@/lib/schemas/common';
import { pathsOf } from './route-operation';

/** The OpenAPI 3.1 document, collected from the declarations the route files serve (lib/api). */
export function buildOpenApiDocument() {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Groundwork API',
      version: '1.0.0',
      description:
        'A self-hosted assistant that answers from your own knowledge, with citations. ' +
        'Authenticate with `Authorization: Bearer <API key>`. Errors are RFC 9457 `application/problem+json`; ' +
        'every response carries `X-Request-Id`. The OpenAI-compatible `/v1` operations answer errors in OpenAI’s shape ' +
        '(`{error: {message, type, param, code}}`) instead.',
    },
    servers: [{ url: '/api' }],
    tags: [
      { name: 'conversations', description: 'Conversations with the assistant and their streamed replies.' },
      {
        name: 'openai-compatible',
        description: 'OpenAI’s chat completions and models endpoints, for clients that speak them (baseURL `/api/v1`).',
      },
      { name: 'knowledge', description: 'Knowledge sources, ingestion and retrieval.' },
      {
        name: 'mcp',
        description: 'The Model Context Protocol server for agents and MCP clients (JSON-RPC over HTTP).',
      },
      { name: 'assistant', description: 'The assistant’s name, greeting, starter questions and instructions.' },
      { name: 'people', description: 'People with accounts: invitations, roles, disabling (admin).' },
      { name: 'sign-in', description: 'Signing in with a password or a one-time link, and signing out.' },
      { name: 'account', description: 'The signed-in person’s own account and sessions.' },
      { name: 'keys', description: 'API keys: all of them for admins, their own for people.' },
      { name: 'session', description: 'Browser sessions.' },
      { name: 'operations', description: 'Health.' },
    ],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key.' } } },
    paths: withServerErrors(pathsOf(apiRoutes)),
  });
}

/** Any operation can fail on our side (500) or find the database down (503); an operation's own wording wins. */
function withServerErrors(paths: ZodOpenApiPathsObject): ZodOpenApiPathsObject {
  const serverErrors = { 500: errorResponses[500], 503: errorResponses[503] };
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, op]) => [
          method,
          op && typeof op === 'object' && 'responses' in op
            ? { ...op, responses: { ...serverErrors, ...op.responses } }
            : op,
        ]),
      ),
    ]),
  );
}
