import { createDocument } from 'zod-openapi';
import { chatPaths } from '@/lib/schemas/chat';
import { knowledgePaths } from '@/lib/schemas/knowledge';
import { adminPaths } from './admin-paths';
import { conversationPaths } from './conversation-paths';

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
      { name: 'keys', description: 'API keys (admin).' },
      { name: 'session', description: 'Browser sessions.' },
      { name: 'operations', description: 'Health.' },
    ],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key.' } } },
    paths: { ...conversationPaths, ...chatPaths, ...knowledgePaths, ...adminPaths },
  });
}
