import { knowledgeApi as api } from '@/lib/api/knowledge';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { assertEditableSources, assertEditsSomething, deleteSources } from '@/lib/knowledge/sources';

// POST /api/knowledge/sources/delete – delete the sources listed in `ids` (ingestions under way are cancelled);
// 403 when one is in a collection the caller reads but does not edit; ids outside what they edit are `unknown`
export const POST = serveRoute(api.deleteMany, async ({ principal, body: { ids } }) => {
  const editable = await assertEditsSomething(principal);
  await assertEditableSources(principal, ids);
  return json(await deleteSources(ids, editable));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.deleteMany);
