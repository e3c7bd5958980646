import { readOptionalJson } from '@/lib/http/read-json';
import { json, otherMethods, withApi } from '@/lib/http/with-api';
import { retryFailedSources } from '@/lib/knowledge/sources';
import { toSourceJson } from '@/lib/knowledge/sources';
import { retrySourcesBody } from '@/lib/schemas/knowledge';

// POST /api/knowledge/sources/retry – queue every failed source again (or those listed in `ids`)
export const POST = withApi(
  async ({ req }) => {
    const { ids } = await readOptionalJson(req, retrySourcesBody());
    const { queued, skipped, unknown } = await retryFailedSources(ids);
    return json({ data: queued.map(toSourceJson), skipped, unknown }, { status: queued.length > 0 ? 202 : 200 });
  },
  { auth: 'admin' },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
