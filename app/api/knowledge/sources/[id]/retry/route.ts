import { knowledgeApi as api } from '@/lib/api/knowledge';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { assertEditsSomething, editableSourceOrThrow, presentSource, retrySource } from '@/lib/knowledge/sources';

// POST /api/knowledge/sources/{id}/retry – queue a failed source again with the content it failed on
export const POST = serveRoute(api.retry, async ({ principal, params: { id } }) => {
  await assertEditsSomething(principal);
  await editableSourceOrThrow(principal, id);
  const source = await retrySource(id);
  return json(await presentSource(source), { status: 202, headers: { location: `/api/knowledge/sources/${id}` } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.retry);
