import { groupsApi as api } from '@/lib/api/groups';
import { deleteGroup, getGroupOrThrow, updateGroup } from '@/lib/groups';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';

// GET /api/groups/{id} – a group and its members
export const GET = serveRoute(api.read, async ({ params: { id } }) => json(await getGroupOrThrow(id)));

// PATCH /api/groups/{id} – rename it or change its description (409 for a provider-managed group)
export const PATCH = serveRoute(api.update, async ({ params: { id }, body }) => json(await updateGroup(id, body)));

// DELETE /api/groups/{id} – delete it; its members lose what it gave them (409 for a provider-managed group)
export const DELETE = serveRoute(api.delete, async ({ params: { id } }) => {
  await deleteGroup(id);
  return new Response(null, { status: 204 });
});

export const { POST, PUT, OPTIONS } = otherMethods(api.read, api.update, api.delete);
