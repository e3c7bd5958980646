import { ApiError } from '@/lib/http/api-error';
import { entityTags } from '@/lib/http/entity-tags';
import { readJson } from '@/lib/http/read-json';
import { parseParams } from '@/lib/http/validation';
import { json, otherMethods, withApi } from '@/lib/http/with-api';
import { deleteSource } from '@/lib/knowledge/sources';
import { getSourceOrThrow } from '@/lib/knowledge/sources';
import { readIngestRequest } from '@/lib/knowledge/sources';
import { replaceSource } from '@/lib/knowledge/sources';
import { toSourceJson } from '@/lib/knowledge/sources';
import { updateSource } from '@/lib/knowledge/sources';
import { idParam } from '@/lib/schemas/common';
import { updateSourceBody } from '@/lib/schemas/knowledge';

type Params = { id: string };

// GET /api/knowledge/sources/{id} – one source with its ingestion status
export const GET = withApi<Params>(
  async ({ params }) => {
    const { id } = parseParams(params, idParam);
    return json(await getSourceOrThrow(id));
  },
  { auth: 'user' },
);

// PUT /api/knowledge/sources/{id} – replace the content; old chunks stay searchable until the new ones are ready.
// 200 when nothing changed (not ingested again), 409 when another source holds the same content,
// 412 when If-Match names a text that is no longer the source's.
export const PUT = withApi<Params>(
  async ({ req, params }) => {
    const { id } = parseParams(params, idParam);
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
  },
  { auth: 'admin' },
);

// PATCH /api/knowledge/sources/{id} – rename it or change its metadata (a merge patch); a new title queues it to be chunked again
export const PATCH = withApi<Params>(
  async ({ req, params }) => {
    const { id } = parseParams(params, idParam);
    const patch = await readJson(req, updateSourceBody());
    return json(toSourceJson(await updateSource(id, patch)));
  },
  { auth: 'admin' },
);

// DELETE /api/knowledge/sources/{id} – delete a source and its chunks (cancels an ingestion)
export const DELETE = withApi<Params>(
  async ({ params }) => {
    const { id } = parseParams(params, idParam);
    await deleteSource(id);
    return new Response(null, { status: 204 });
  },
  { auth: 'admin' },
);

export const { POST, OPTIONS } = otherMethods(['GET', 'PUT', 'PATCH', 'DELETE']);
