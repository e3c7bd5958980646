import { ssoApi as api } from '@/lib/api/sso';
import { serveRoute } from '@/lib/http/serve-route';
import { otherMethods } from '@/lib/http/with-api';
import { startOidcSignIn } from '@/lib/users/oidc/start-oidc-sign-in';

// GET /api/auth/oidc/start – to the identity provider, remembering this attempt in a cookie
export const GET = serveRoute(api.oidcStart, async ({ req, query: { returnTo } }) => {
  const { location, setCookie } = await startOidcSignIn(req, returnTo);
  return new Response(null, {
    status: 302,
    headers: { location, 'set-cookie': setCookie, 'cache-control': 'no-store' },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.oidcStart);
