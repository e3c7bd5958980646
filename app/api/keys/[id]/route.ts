import { adminApi as api } from '@/lib/api/admin';
import { LastAdminKeyError, isKeyOf, revokeApiKey } from '@/lib/auth/api-keys';
import { ApiError, notFound } from '@/lib/http/api-error';
import { serveRoute } from '@/lib/http/serve-route';
import { otherMethods } from '@/lib/http/with-api';
import { requireAccount } from '@/lib/users/require-account';

// DELETE /api/keys/{id} – revoke a key at once: admins any (409 for the last active admin key), people their own
export const DELETE = serveRoute(api.revokeKey, async ({ principal, params: { id } }) => {
  if (principal.role !== 'admin' && !(await isKeyOf(id, requireAccount(principal)))) throw notFound('key');
  const revoked = await revokeApiKey(id).catch((error: unknown) => {
    throw error instanceof LastAdminKeyError ? new ApiError('conflict', error.message) : error;
  });
  if (!revoked) throw notFound('key');
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods(api.revokeKey);
