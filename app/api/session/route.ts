import { findActiveKey } from '@/lib/auth/api-keys';
import { ADMIN_COOKIE, clearCookie, newAdminCookie } from '@/lib/auth/session-cookies';
import { ApiError } from '@/lib/http/api-error';
import { readJson } from '@/lib/http/read-json';
import { json, methodNotAllowed, withApi } from '@/lib/http/with-api';
import { signInBody } from '@/lib/schemas/keys';

const view = (p: { id: string; role: string; kind: string; name: string | null }) => ({
  principal: { id: p.id, role: p.role, kind: p.kind, name: p.name },
});

// GET /api/session – who this browser (or key) is
export const GET = withApi(async ({ principal }) => json(view(principal)), { auth: 'user' });

// POST /api/session – sign in to the admin pages with an admin key (sets the admin session cookie)
export const POST = withApi(
  async ({ req }) => {
    const { key } = await readJson(req, signInBody);
    const found = await findActiveKey(key);
    if (!found) throw new ApiError('unauthorized', 'That key is invalid or has been revoked.');
    if (found.role !== 'admin') throw new ApiError('forbidden', 'That key is not an admin key.');
    const secure = new URL(req.url).protocol === 'https:';
    return json(view(found.principal), { headers: { 'set-cookie': await newAdminCookie(found.id, secure) } });
  },
  { auth: 'public' },
);

// DELETE /api/session – sign out of the admin pages
export const DELETE = withApi(
  async () => new Response(null, { status: 204, headers: { 'set-cookie': clearCookie(ADMIN_COOKIE) } }),
  { auth: 'public' },
);

const notAllowed = methodNotAllowed(['GET', 'POST', 'DELETE']);
export { notAllowed as PUT, notAllowed as PATCH };
