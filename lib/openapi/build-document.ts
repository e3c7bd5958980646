import { createDocument, type ZodOpenApiPathsObject } from 'zod-openapi';
import { chatPaths } from '@/lib/schemas/chat';
import { errorResponses } from '@/lib/schemas/common';
import { knowledgePaths } from '@/lib/schemas/knowledge';
import { adminPaths } from './admin-paths';
import { assistantPaths } from './assistant-paths';
import { conversationPaths } from './conversation-paths';
import { feedbackPaths } from './feedback-paths';

/** The OpenAPI 3.1 document, generated from the same zod schemas that validate requests. */
export function buildOpenApiDocument() {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Groundwork API',
      version: '1.0.0',
      description:
        'A self-hosted assistant that answers from your own knowledge, with citations. ' +
        'Authenticate with `Authorization: Bearer <API key>`. Errors are RFC 9457 `application/problem+json`; ' +
        'every response carries `X-Request-Id`.',
    },
    servers: [{ url: '/api' }],
    tags: [
      { name: 'conversations', description: 'Conversations with the assistant and their streamed replies.' },
      { name: 'knowledge', description: 'Knowledge sources, ingestion and retrieval.' },
      { name: 'assistant', description: 'The assistant’s name, greeting, starter questions and instructions.' },
      { name: 'keys', description: 'API keys (admin).' },
      { name: 'session', description: 'Browser sessions.' },
      { name: 'operations', description: 'Health.' },
    ],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key.' } } },
    paths: withServerErrors({
      ...conversationPaths,
      ...chatPaths,
      ...feedbackPaths,
      ...assistantPaths,
      ...knowledgePaths,
      ...adminPaths,
    }),
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
