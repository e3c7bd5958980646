import { assertReadableCollection, readableCollections } from '@/lib/access';
import { crawlsApi as api } from '@/lib/api/crawls';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { listCrawls } from '@/lib/knowledge/crawl';

// GET /api/knowledge/crawls – crawls of collections the caller reads, newest first, with their progress
export const GET = serveRoute(api.list, async ({ principal, query: { limit, cursor, collectionId } }) => {
  if (collectionId) await assertReadableCollection(principal, collectionId);
  const reach = await readableCollections(principal);
  return json(await listCrawls({ limit, cursor, collectionId, reach }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.list);
