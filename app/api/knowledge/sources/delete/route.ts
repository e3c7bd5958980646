import { knowledgeApi as api } from '@/lib/api/knowledge';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { deleteSources } from '@/lib/knowledge/sources';

// POST /api/knowledge/sources/delete – delete the sources listed in `ids` (ingestions under way are cancelled)
export const POST = serveRoute(api.deleteMany, async ({ body: { ids } }) => json(await deleteSources(ids)));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.deleteMany);
