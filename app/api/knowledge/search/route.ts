import { readableCollections, reachSql } from '@/lib/access';
import { knowledgeApi as api } from '@/lib/api/knowledge';
import { Prisma, prisma } from '@/lib/db';
import { notFound } from '@/lib/http/api-error';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { searchKnowledge } from '@/lib/knowledge/search';

// GET /api/knowledge/search – hybrid search over the collections the caller reads, the same retrieval the assistant uses
export const GET = serveRoute(api.search, async ({ principal, query: { q, k, sourceId } }) => {
  const reach = await readableCollections(principal);
  if (sourceId) {
    const db = await prisma();
    const found = await db.$queryRaw<unknown[]>`
      SELECT 1 FROM sources WHERE id = ${sourceId}::uuid AND ${reachSql(reach, Prisma.sql`collection_id`)}`;
    if (found.length === 0) throw notFound('source');
  }
  return json({ data: await searchKnowledge({ query: q, k, sourceId, reach }) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.search);
