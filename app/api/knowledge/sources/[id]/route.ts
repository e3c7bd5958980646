import { readableCollections } from '@/lib/access';
import { knowledgeApi as api } from '@/lib/api/knowledge';
import { ApiError } from '@/lib/http/api-error';
import { entityTags } from '@/lib/http/entity-tags';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import {
  assertEditsSomething,
  deleteSource,
  editableCollectionOrThrow,
  editableSourceOrThrow,
  getSourceOrThrow,
  moveSource,
  presentSource,
  readIngestRequest,
  replaceSource,
  updateSource,
} from '@/lib/knowledge/sources';
import { setSourceRefresh } from '@/lib/knowledge/refresh';

// GET /api/knowledge/sources/{id} – one source with its ingestion status (404 outside the caller's collections)
export const GET = serveRoute(api.read, async ({ principal, params: { id } }) =>
  json(await getSourceOrThrow(id, await readableCollections(principal))),
);

// PUT /api/knowledge/sources/{id} – replace the content; old chunks stay searchable until the new ones are ready.
// 200 when nothing changed (not ingested again), 409 when another source of its collection holds the same content,
// 412 when If-Match names a text that is no longer the source's.
export const PUT = serveRoute(api.replace, async ({ req, principal, params: { id } }) => {
  await assertEditsSomething(principal);
  await editableSourceOrThrow(principal, id);
  const { sources, titled, withMetadata } = await readIngestRequest(req);
  if (sources.length !== 1) throw new ApiError('validation', 'A replacement is exactly one source.');
  const ifMatch = entityTags(req.headers.get('if-match'));
  const { source, queued } = await replaceSource(id, {
    ...sources[0]!,
    keepTitle: !titled,
    keepMetadata: !withMetadata,
    ifMatch,
  });
  return json(await presentSource(source), {
    status: queued ? 202 : 200,
    headers: { location: `/api/knowledge/sources/${id}` },
  });
});

// PATCH /api/knowledge/sources/{id} – rename it, change its metadata (a merge patch) or move it to another
// collection (without ingesting it again), or set a web page's refresh schedule; a new title queues it to be chunked again
export const PATCH = serveRoute(api.update, async ({ principal, params: { id }, body }) => {
  const { collectionId, refresh, ...patch } = body;
  await assertEditsSomething(principal);
  const from = await editableSourceOrThrow(principal, id);
  if (refresh !== undefined) await setSourceRefresh(id, refresh);
  if (collectionId && collectionId.toLowerCase() !== from) {
    await moveSource(id, await editableCollectionOrThrow(principal, collectionId.toLowerCase()));
  }
  return json(await presentSource(await updateSource(id, patch)));
});

// DELETE /api/knowledge/sources/{id} – delete a source and its chunks (cancels an ingestion)
export const DELETE = serveRoute(api.delete, async ({ principal, params: { id } }) => {
  await assertEditsSomething(principal);
  await editableSourceOrThrow(principal, id);
  await deleteSource(id);
  return new Response(null, { status: 204 });
});

export const { POST, OPTIONS } = otherMethods(api.read, api.replace, api.update, api.delete);
