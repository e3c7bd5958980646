import { ssoApi as api } from '@/lib/api/sso';
import { serveRoute } from '@/lib/http/serve-route';
import { otherMethods } from '@/lib/http/with-api';
import { completeOidcCallback } from '@/lib/users/oidc/complete-oidc-callback';

// GET /api/auth/oidc/callback – the provider's answer: signed in, or refused with a reason the sign-in page shows
export const GET = serveRoute(api.oidcCallback, async ({ req, requestId }) => completeOidcCallback(req, requestId));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.oidcCallback);
