import { knowledgeApi as api } from '@/lib/api/knowledge';
import { prisma } from '@/lib/db';
import { notFound } from '@/lib/http/api-error';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { searchKnowledge } from '@/lib/knowledge/search';

// GET /api/knowledge/search – hybrid search, the same retrieval the assistant uses
export const GET = serveRoute(api.search, async ({ query: { q, k, sourceId } }) => {
  if (sourceId && !(await (await prisma()).source.findUnique({ where: { id: sourceId }, select: { id: true } }))) {
    throw notFound('source');
  }
  return json({ data: await searchKnowledge({ query: q, k, sourceId }) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.search);
