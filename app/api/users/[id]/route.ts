import { accountsApi as api } from '@/lib/api/accounts';
import { notFound } from '@/lib/http/api-error';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { updateUser } from '@/lib/users/manage-user';
import { findUser } from '@/lib/users/user-records';

// GET /api/users/{id} – one person
export const GET = serveRoute(api.getUser, async ({ params: { id } }) => {
  const user = await findUser(id);
  if (!user) throw notFound('user');
  return json(user);
});

// PATCH /api/users/{id} – name, role, status (disabling ends their sessions and keys at once)
export const PATCH = serveRoute(api.updateUser, async ({ params: { id }, body }) => json(await updateUser(id, body)));

export const { POST, PUT, DELETE, OPTIONS } = otherMethods(api.getUser, api.updateUser);
