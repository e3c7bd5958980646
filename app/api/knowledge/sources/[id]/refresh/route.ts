import { refreshesApi as api } from '@/lib/api/refreshes';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { requestSourceRefresh } from '@/lib/knowledge/refresh';
import { assertEditsSomething, editableSourceOrThrow, getSourceOrThrow } from '@/lib/knowledge/sources';

// POST /api/knowledge/sources/{id}/refresh – fetch a web page again now (conditionally; replaced only if it changed)
export const POST = serveRoute(api.refreshSource, async ({ principal, params: { id } }) => {
  await assertEditsSomething(principal);
  await editableSourceOrThrow(principal, id);
  await requestSourceRefresh(id);
  return json(await getSourceOrThrow(id), { status: 202, headers: { location: `/api/knowledge/sources/${id}` } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.refreshSource);
