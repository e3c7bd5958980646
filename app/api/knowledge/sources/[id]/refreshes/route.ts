import { readableCollections } from '@/lib/access';
import { refreshesApi as api } from '@/lib/api/refreshes';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { listRefreshes } from '@/lib/knowledge/refresh';
import { getSourceOrThrow } from '@/lib/knowledge/sources';

// GET /api/knowledge/sources/{id}/refreshes – a web page's refreshes, newest first (404 outside the caller's collections)
export const GET = serveRoute(api.sourceRefreshes, async ({ principal, params: { id } }) => {
  await getSourceOrThrow(id, await readableCollections(principal));
  return json({ data: await listRefreshes({ sourceId: id }) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.sourceRefreshes);
