import { adminApi as api } from '@/lib/api/admin';
import { endAdminSession, startAdminSession } from '@/lib/auth/admin-sessions';
import { findActiveKey } from '@/lib/auth/api-keys';
import { ADMIN_COOKIE, clearCookie, readCookie } from '@/lib/auth/session-cookies';
import { ApiError } from '@/lib/http/api-error';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { findUser } from '@/lib/users/user-records';

const view = (p: { id: string; role: string; kind: string; name: string | null }, email?: string) => ({
  principal: { id: p.id, role: p.role, kind: p.kind, name: p.name, ...(email ? { email } : {}) },
});

// GET /api/session – who this browser (or key) is; a person's email too
export const GET = serveRoute(api.session, async ({ principal }) => {
  const email = principal.kind === 'user' ? (await findUser(principal.id))?.email : undefined;
  return json(view(principal, email));
});

// POST /api/session – sign in to the admin pages with an admin key (sets the admin session cookie)
export const POST = serveRoute(api.signIn, async ({ req, body: { key } }) => {
  const found = await findActiveKey(key);
  if (!found) throw new ApiError('unauthorized', 'That key is invalid or has been revoked.');
  if (found.role !== 'admin') throw new ApiError('forbidden', 'That key is not an admin key.');
  const secure = new URL(req.url).protocol === 'https:';
  return json(view(found.principal), { headers: { 'set-cookie': await startAdminSession(found.id, secure) } });
});

// DELETE /api/session – sign out of the admin pages: the session ends on the server too
export const DELETE = serveRoute(api.signOut, async ({ req }) => {
  await endAdminSession(readCookie(req, ADMIN_COOKIE));
  return new Response(null, { status: 204, headers: { 'set-cookie': clearCookie(ADMIN_COOKIE) } });
});

export const { PUT, PATCH, OPTIONS } = otherMethods(api.session, api.signIn, api.signOut);
