import { accountsApi as api } from '@/lib/api/accounts';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { inviteUser } from '@/lib/users/invite-user';
import { absoluteUrl } from '@/lib/users/require-account';
import { listUsers } from '@/lib/users/user-records';

// GET /api/users – people newest first, optionally those whose email or name contains `q`
export const GET = serveRoute(api.listUsers, async ({ query: { limit, cursor, q } }) => {
  const { users, nextCursor } = await listUsers({ limit, cursor, q });
  return json({ data: users, nextCursor });
});

// POST /api/users – invite a person: the account, and the one-time link to pass on
export const POST = serveRoute(api.inviteUser, async ({ req, body }) => {
  const { user, invitationPath } = await inviteUser(body);
  return json(
    { user, invitationUrl: absoluteUrl(req, invitationPath) },
    { status: 201, headers: { location: `/api/users/${user.id}` } },
  );
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.listUsers, api.inviteUser);
