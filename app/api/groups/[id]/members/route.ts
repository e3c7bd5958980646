import { groupsApi as api } from '@/lib/api/groups';
import { setGroupMembers } from '@/lib/groups';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';

// PUT /api/groups/{id}/members – the group's members from now on (400 naming ids that are no user)
export const PUT = serveRoute(api.setMembers, async ({ params: { id }, body: { userIds } }) =>
  json(await setGroupMembers(id, userIds)),
);

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods(api.setMembers);
