import { accountsApi as api } from '@/lib/api/accounts';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { startPasswordReset } from '@/lib/users/manage-user';
import { absoluteUrl } from '@/lib/users/require-account';

// POST /api/users/{id}/password-reset – a new one-time link to set a password (earlier ones die)
export const POST = serveRoute(api.resetPassword, async ({ req, params: { id } }) => {
  const { resetPath } = await startPasswordReset(id);
  return json({ resetUrl: absoluteUrl(req, resetPath) });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.resetPassword);
