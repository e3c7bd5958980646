import { collectionsApi as api } from '@/lib/api/collections';
import { deleteCollection, getCollectionOrThrow, saveCollection } from '@/lib/collections';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';

// GET /api/collections/{id} – one collection (404 when the caller may not read it, as for an unknown id)
export const GET = serveRoute(api.read, async ({ principal, params: { id } }) =>
  json(await getCollectionOrThrow(principal, id)),
);

// PATCH /api/collections/{id} – name, description, visibility, reader and editor groups
export const PATCH = serveRoute(api.update, async ({ principal, params: { id }, body }) => {
  await saveCollection(id, body);
  return json(await getCollectionOrThrow(principal, id));
});

// DELETE /api/collections/{id} – 409 while it holds sources, unless ?deleteSources=true
export const DELETE = serveRoute(api.delete, async ({ params: { id }, query }) => {
  await deleteCollection(id, query);
  return new Response(null, { status: 204 });
});

export const { POST, PUT, OPTIONS } = otherMethods(api.read, api.update, api.delete);
