import { groupsApi as api } from '@/lib/api/groups';
import { createGroup, listGroups } from '@/lib/groups';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';

// GET /api/groups – every group, by name, with its member count
export const GET = serveRoute(api.list, async () => json({ data: await listGroups() }));

// POST /api/groups – create a group (409 when the name is taken)
export const POST = serveRoute(api.create, async ({ body }) => {
  const group = await createGroup(body);
  return json(group, { status: 201, headers: { location: `/api/groups/${group.id}` } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.list, api.create);
