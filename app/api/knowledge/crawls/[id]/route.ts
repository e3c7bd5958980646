import { readableCollections } from '@/lib/access';
import { crawlsApi as api } from '@/lib/api/crawls';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { deleteCrawl, getCrawlOrThrow } from '@/lib/knowledge/crawl';
import { assertEditsSomething, editableCollectionOrThrow } from '@/lib/knowledge/sources';

// GET /api/knowledge/crawls/{id} – a crawl and its progress (404 outside the caller's collections)
export const GET = serveRoute(api.read, async ({ principal, params: { id } }) =>
  json(await getCrawlOrThrow(id, await readableCollections(principal))),
);

// DELETE /api/knowledge/crawls/{id} – delete a crawl and its pages (stops it when under way)
export const DELETE = serveRoute(api.delete, async ({ principal, params: { id } }) => {
  await assertEditsSomething(principal);
  const crawl = await getCrawlOrThrow(id, await readableCollections(principal));
  await editableCollectionOrThrow(principal, crawl.collectionId);
  await deleteCrawl(id);
  return new Response(null, { status: 204 });
});

export const { POST, PUT, PATCH, OPTIONS } = otherMethods(api.read, api.delete);
