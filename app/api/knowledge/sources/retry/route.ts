import { knowledgeApi as api } from '@/lib/api/knowledge';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { retryFailedSources, toSourceJson } from '@/lib/knowledge/sources';

// POST /api/knowledge/sources/retry – queue every failed source again (or those listed in `ids`)
export const POST = serveRoute(api.retryFailed, async ({ body: { ids } }) => {
  const { queued, skipped, unknown } = await retryFailedSources(ids);
  return json({ data: queued.map(toSourceJson), skipped, unknown }, { status: queued.length > 0 ? 202 : 200 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.retryFailed);
