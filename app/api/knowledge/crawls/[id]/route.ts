import { readableCollections } from '@/lib/access';
import { crawlsApi as api } from '@/lib/api/crawls';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { deleteCrawl, getCrawlOrThrow } from '@/lib/knowledge/crawl';
import { setCrawlRefresh } from '@/lib/knowledge/refresh';
import { assertEditsSomething, editableCollectionOrThrow } from '@/lib/knowledge/sources';

// GET /api/knowledge/crawls/{id} – a crawl and its progress (404 outside the caller's collections)
export const GET = serveRoute(api.read, async ({ principal, params: { id } }) =>
  json(await getCrawlOrThrow(id, await readableCollections(principal))),
);

// PATCH /api/knowledge/crawls/{id} – set its refresh schedule
export const PATCH = serveRoute(api.update, async ({ principal, params: { id }, body: { refresh } }) => {
  await assertEditsSomething(principal);
  const crawl = await getCrawlOrThrow(id, await readableCollections(principal));
  await editableCollectionOrThrow(principal, crawl.collectionId);
  await setCrawlRefresh(id, refresh);
  return json(await getCrawlOrThrow(id));
});

// DELETE /api/knowledge/crawls/{id} – delete a crawl and its pages (stops it when under way)
export const DELETE = serveRoute(api.delete, async ({ principal, params: { id } }) => {
  await assertEditsSomething(principal);
  const crawl = await getCrawlOrThrow(id, await readableCollections(principal));
  await editableCollectionOrThrow(principal, crawl.collectionId);
  await deleteCrawl(id);
  return new Response(null, { status: 204 });
});

export const { POST, PUT, OPTIONS } = otherMethods(api.read, api.update, api.delete);
