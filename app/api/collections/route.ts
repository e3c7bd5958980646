import { collectionsApi as api } from '@/lib/api/collections';
import { getCollectionOrThrow, listCollections, saveCollection } from '@/lib/collections';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';

// GET /api/collections – the collections the caller may read, with counts and `canEdit`
export const GET = serveRoute(api.list, async ({ principal }) => json({ data: await listCollections(principal) }));

// POST /api/collections – create a collection (409 when the name is taken, 400 for unknown groups)
export const POST = serveRoute(api.create, async ({ principal, body }) => {
  const id = await saveCollection(null, body);
  return json(await getCollectionOrThrow(principal, id), {
    status: 201,
    headers: { location: `/api/collections/${id}` },
  });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.list, api.create);
