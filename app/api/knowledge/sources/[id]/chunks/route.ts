import { readableCollections } from '@/lib/access';
import { knowledgeApi as api } from '@/lib/api/knowledge';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { listSourceChunks } from '@/lib/knowledge/sources';

// GET /api/knowledge/sources/{id}/chunks – the passages search reads for a source, in order
export const GET = serveRoute(api.chunks, async ({ principal, params: { id }, query: { limit, cursor } }) =>
  json(await listSourceChunks(id, { limit, cursor, reach: await readableCollections(principal) })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.chunks);
