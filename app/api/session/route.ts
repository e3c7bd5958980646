import { findActiveKey } from '@/lib/auth/api-keys';
import { endAdminSession, startAdminSession } from '@/lib/auth/admin-sessions';
import { ADMIN_COOKIE, clearCookie, readCookie } from '@/lib/auth/session-cookies';
import { ApiError } from '@/lib/http/api-error';
import { readJson } from '@/lib/http/read-json';
import { assertSameOrigin, json, otherMethods, withApi } from '@/lib/http/with-api';
import { signInBody } from '@/lib/schemas/keys';

const view = (p: { id: string; role: string; kind: string; name: string | null }) => ({
  principal: { id: p.id, role: p.role, kind: p.kind, name: p.name },
});

// GET /api/session – who this browser (or key) is
export const GET = withApi(async ({ principal }) => json(view(principal)), { auth: 'user' });

// POST /api/session – sign in to the admin pages with an admin key (sets the admin session cookie)
export const POST = withApi(
  async ({ req }) => {
    assertSameOrigin(req); // no signing a browser in from another site (login CSRF)
    const { key } = await readJson(req, signInBody);
    const found = await findActiveKey(key);
    if (!found) throw new ApiError('unauthorized', 'That key is invalid or has been revoked.');
    if (found.role !== 'admin') throw new ApiError('forbidden', 'That key is not an admin key.');
    const secure = new URL(req.url).protocol === 'https:';
    return json(view(found.principal), { headers: { 'set-cookie': await startAdminSession(found.id, secure) } });
  },
  { auth: 'public' },
);

// DELETE /api/session – sign out of the admin pages: the session ends on the server too
export const DELETE = withApi(
  async ({ req }) => {
    assertSameOrigin(req);
    await endAdminSession(readCookie(req, ADMIN_COOKIE));
    return new Response(null, { status: 204, headers: { 'set-cookie': clearCookie(ADMIN_COOKIE) } });
  },
  { auth: 'public' },
);

export const { PUT, PATCH, OPTIONS } = otherMethods(['GET', 'POST', 'DELETE']);
