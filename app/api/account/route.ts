import { accountsApi as api } from '@/lib/api/accounts';
import { notFound } from '@/lib/http/api-error';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { listAccountSessions } from '@/lib/users/account-sessions';
import { requireAccount } from '@/lib/users/require-account';
import { findUser } from '@/lib/users/user-records';

// GET /api/account – my account and my open sessions
export const GET = serveRoute(api.account, async ({ principal }) => {
  const user = await findUser(requireAccount(principal));
  if (!user) throw notFound('user');
  return json({ user, sessions: await listAccountSessions(user.id, principal.sessionId) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.account);
