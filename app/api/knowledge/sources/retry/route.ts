import { knowledgeApi as api } from '@/lib/api/knowledge';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import {
  assertEditableSources,
  assertEditsSomething,
  presentSources,
  retryFailedSources,
} from '@/lib/knowledge/sources';

// POST /api/knowledge/sources/retry – queue every failed source of the collections the caller edits again (or those listed in `ids`)
export const POST = serveRoute(api.retryFailed, async ({ principal, body: { ids } }) => {
  const editable = await assertEditsSomething(principal);
  if (ids) await assertEditableSources(principal, ids);
  const { queued, skipped, unknown } = await retryFailedSources(ids, editable);
  return json({ data: await presentSources(queued), skipped, unknown }, { status: queued.length > 0 ? 202 : 200 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.retryFailed);
