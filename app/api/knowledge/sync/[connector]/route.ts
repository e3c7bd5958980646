import { syncApi as api } from '@/lib/api/sync';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { assertEditsSomething, editableCollectionOrThrow, readSyncRequest, syncSources } from '@/lib/knowledge/sources';

// PUT /api/knowledge/sync/{connector} – upsert a connector's sources by externalId; `complete` deletes those not named
export const PUT = serveRoute(api.sync, async ({ req, principal, params: { connector }, query: { allowEmpty } }) => {
  await assertEditsSomething(principal); // before the body is read: most callers may not add anything
  const request = await readSyncRequest(req);
  const collectionId = await editableCollectionOrThrow(principal, request.collectionId);
  return json(await syncSources({ ...request, connector, collectionId, allowEmpty }));
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods(api.sync);
