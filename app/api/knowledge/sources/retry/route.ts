import { config } from '@/lib/config';
import { ApiError } from '@/lib/http/api-error';
import { readJson, readTextWithin } from '@/lib/http/read-json';
import { json, otherMethods, withApi } from '@/lib/http/with-api';
import { retryFailedSources } from '@/lib/knowledge/replace-source';
import { toSourceJson } from '@/lib/knowledge/source-json';
import { retrySourcesBody } from '@/lib/schemas/knowledge';

// POST /api/knowledge/sources/retry – queue every failed source again (or those listed in `ids`)
export const POST = withApi(
  async ({ req }) => {
    const { ids } = req.headers.get('content-type') ? await readJson(req, retrySourcesBody()) : await noBody(req);
    const { queued, skipped } = await retryFailedSources(ids);
    return json({ data: queued.map(toSourceJson), skipped }, { status: queued.length > 0 ? 202 : 200 });
  },
  { auth: 'admin' },
);

/** No body at all means every failed source; a body must say what it is. */
async function noBody(req: Request): Promise<{ ids?: undefined }> {
  if ((await readTextWithin(req, config().MAX_JSON_BYTES)).trim()) throw new ApiError('unsupported_media_type', 'Send the body as application/json.');
  return {};
}

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
