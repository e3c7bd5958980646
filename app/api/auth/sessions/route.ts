import { accountsApi as api } from '@/lib/api/accounts';
import { serveRoute } from '@/lib/http/serve-route';
import { otherMethods } from '@/lib/http/with-api';
import { requireAccount } from '@/lib/users/require-account';
import { clearSessionCookie, endAllUserSessions } from '@/lib/users/user-sessions';

// DELETE /api/auth/sessions – sign out everywhere: every session of the person ends
export const DELETE = serveRoute(api.signOutEverywhere, async ({ req, principal }) => {
  await endAllUserSessions(requireAccount(principal));
  const secure = new URL(req.url).protocol === 'https:';
  return new Response(null, { status: 204, headers: { 'set-cookie': clearSessionCookie(secure) } });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods(api.signOutEverywhere);
