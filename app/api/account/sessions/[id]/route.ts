import { accountsApi as api } from '@/lib/api/accounts';
import { notFound } from '@/lib/http/api-error';
import { serveRoute } from '@/lib/http/serve-route';
import { otherMethods } from '@/lib/http/with-api';
import { endAccountSession } from '@/lib/users/account-sessions';
import { requireAccount } from '@/lib/users/require-account';

// DELETE /api/account/sessions/{id} – end one of my sessions (someone else's is unknown: 404)
export const DELETE = serveRoute(api.endAccountSession, async ({ params: { id }, principal }) => {
  if (!(await endAccountSession(requireAccount(principal), id))) throw notFound('session');
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods(api.endAccountSession);
