import { knowledgeApi as api } from '@/lib/api/knowledge';
import { ApiError } from '@/lib/http/api-error';
import { entityTags } from '@/lib/http/entity-tags';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import {
  deleteSource,
  getSourceOrThrow,
  readIngestRequest,
  replaceSource,
  toSourceJson,
  updateSource,
} from '@/lib/knowledge/sources';

// GET /api/knowledge/sources/{id} – one source with its ingestion status
export const GET = serveRoute(api.read, async ({ params: { id } }) => json(await getSourceOrThrow(id)));

// PUT /api/knowledge/sources/{id} – replace the content; old chunks stay searchable until the new ones are ready.
// 200 when nothing changed (not ingested again), 409 when another source holds the same content,
// 412 when If-Match names a text that is no longer the source's.
export const PUT = serveRoute(api.replace, async ({ req, params: { id } }) => {
  await getSourceOrThrow(id);
  const { sources, titled, withMetadata } = await readIngestRequest(req);
  if (sources.length !== 1) throw new ApiError('validation', 'A replacement is exactly one source.');
  const ifMatch = entityTags(req.headers.get('if-match'));
  const { source, queued } = await replaceSource(id, {
    ...sources[0]!,
    keepTitle: !titled,
    keepMetadata: !withMetadata,
    ifMatch,
  });
  return json(toSourceJson(source), {
    status: queued ? 202 : 200,
    headers: { location: `/api/knowledge/sources/${id}` },
  });
});

// PATCH /api/knowledge/sources/{id} – rename it or change its metadata (a merge patch); a new title queues it to be chunked again
export const PATCH = serveRoute(api.update, async ({ params: { id }, body }) =>
  json(toSourceJson(await updateSource(id, body))),
);

// DELETE /api/knowledge/sources/{id} – delete a source and its chunks (cancels an ingestion)
export const DELETE = serveRoute(api.delete, async ({ params: { id } }) => {
  await deleteSource(id);
  return new Response(null, { status: 204 });
});

export const { POST, OPTIONS } = otherMethods(api.read, api.replace, api.update, api.delete);
