import { readableCollections } from '@/lib/access';
import { refreshesApi as api } from '@/lib/api/refreshes';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { getCrawlOrThrow } from '@/lib/knowledge/crawl';
import { listRefreshes } from '@/lib/knowledge/refresh';

// GET /api/knowledge/crawls/{id}/refreshes – a crawl's refreshes, newest first (404 outside the caller's collections)
export const GET = serveRoute(api.crawlRefreshes, async ({ principal, params: { id } }) => {
  await getCrawlOrThrow(id, await readableCollections(principal));
  return json({ data: await listRefreshes({ crawlId: id }) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.crawlRefreshes);
