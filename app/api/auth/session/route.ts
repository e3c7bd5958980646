import { accountsApi as api } from '@/lib/api/accounts';
import { readCookie } from '@/lib/auth/session-cookies';
import { serveRoute } from '@/lib/http/serve-route';
import { otherMethods } from '@/lib/http/with-api';
import { USER_COOKIE, clearSessionCookie, endUserSession } from '@/lib/users/user-sessions';

// DELETE /api/auth/session – sign this browser out: its session ends on the server too
export const DELETE = serveRoute(api.signOut, async ({ req }) => {
  await endUserSession(readCookie(req, USER_COOKIE));
  const secure = new URL(req.url).protocol === 'https:';
  return new Response(null, { status: 204, headers: { 'set-cookie': clearSessionCookie(secure) } });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods(api.signOut);
