import { prisma } from '@/lib/db';
import { notFound } from '@/lib/http/api-error';
import { parseQuery } from '@/lib/http/validation';
import { json, otherMethods, withApi } from '@/lib/http/with-api';
import { searchKnowledge } from '@/lib/knowledge/search';
import { searchQuery } from '@/lib/schemas/knowledge';

// GET /api/knowledge/search – hybrid search, the same retrieval the assistant uses
export const GET = withApi(
  async ({ req }) => {
    const { q, k, sourceId } = parseQuery(req, searchQuery());
    if (sourceId && !(await (await prisma()).source.findUnique({ where: { id: sourceId }, select: { id: true } }))) {
      throw notFound('source');
    }
    return json({ data: await searchKnowledge({ query: q, k, sourceId }) });
  },
  { auth: 'user' },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
