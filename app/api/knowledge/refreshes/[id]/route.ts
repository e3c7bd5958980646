import { readableCollections } from '@/lib/access';
import { refreshesApi as api } from '@/lib/api/refreshes';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { getRefreshOrThrow } from '@/lib/knowledge/refresh';

// GET /api/knowledge/refreshes/{id} – a refresh with the pages it added, changed, removed or failed on
export const GET = serveRoute(api.read, async ({ principal, params: { id } }) =>
  json(await getRefreshOrThrow(id, await readableCollections(principal))),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.read);
