import { accountsApi as api } from '@/lib/api/accounts';
import { serveRoute } from '@/lib/http/serve-route';
import { otherMethods } from '@/lib/http/with-api';
import { passwordSignIn } from '@/lib/users/password-sign-in';
import { signedInResponse } from '@/lib/users/signed-in-response';

// POST /api/auth/password – sign in with email and password (one 401 for every failure)
export const POST = serveRoute(api.passwordSignIn, async ({ req, body }) =>
  signedInResponse(req, await passwordSignIn(req, body)),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.passwordSignIn);
