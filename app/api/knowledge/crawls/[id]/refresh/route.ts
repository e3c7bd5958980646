import { readableCollections } from '@/lib/access';
import { refreshesApi as api } from '@/lib/api/refreshes';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { getCrawlOrThrow } from '@/lib/knowledge/crawl';
import { requestCrawlRefresh } from '@/lib/knowledge/refresh';
import { assertEditsSomething, editableCollectionOrThrow } from '@/lib/knowledge/sources';

// POST /api/knowledge/crawls/{id}/refresh – run a crawl again now (409 while it is under way)
export const POST = serveRoute(api.refreshCrawl, async ({ principal, params: { id } }) => {
  await assertEditsSomething(principal);
  const crawl = await getCrawlOrThrow(id, await readableCollections(principal));
  await editableCollectionOrThrow(principal, crawl.collectionId);
  await requestCrawlRefresh(id);
  return json(await getCrawlOrThrow(id), { status: 202, headers: { location: `/api/knowledge/crawls/${id}` } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.refreshCrawl);
