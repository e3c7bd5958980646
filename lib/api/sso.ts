import { defineRoute, problem } from '@/lib/http/define-route';
import { locationHeader, oidcCallbackQuery, oidcStartQuery } from '@/lib/schemas/sso';

/** Single sign-on with OpenID Connect (docs/teams.md#single-sign-on): browser navigations, not API calls. */
export const ssoApi = {
  oidcStart: defineRoute({
    method: 'GET',
    path: '/auth/oidc/start',
    auth: 'public',
    tags: ['sign-in'],
    summary: 'Start signing in with the identity provider',
    description:
      'Redirects the browser to OIDC_ISSUER (authorization code flow with PKCE, `state` and `nonce`), remembering the attempt in a signed, httpOnly, 10-minute cookie.',
    query: oidcStartQuery,
    responses: {
      302: {
        description: "To the provider's authorization endpoint.",
        headers: locationHeader('The authorization URL.'),
      },
      404: problem('Single sign-on is not configured (OIDC_ISSUER is unset).'),
      503: problem('The identity provider could not be discovered; the next attempt tries again.'),
    },
  }),
  oidcCallback: defineRoute({
    method: 'GET',
    path: '/auth/oidc/callback',
    auth: 'public',
    tags: ['sign-in'],
    summary: 'Where the identity provider sends the browser back',
    description:
      'Register `<origin>/api/auth/oidc/callback` as the redirect URI at the provider. Signed in: a new session cookie and 303 to the `returnTo` of the attempt. Refused (state, nonce, issuer, PKCE, expired or replayed code, unverified email, domain not allowed, disabled account): 303 to `/sign-in?error=<code>`, nothing created.',
    query: oidcCallbackQuery,
    responses: {
      303: {
        description: 'Signed in (to the `returnTo` path), or refused (to `/sign-in?error=<code>`).',
        headers: locationHeader('`returnTo`, or `/sign-in?error=<code>&returnTo=…`.'),
      },
      404: problem('Single sign-on is not configured (OIDC_ISSUER is unset).'),
    },
  }),
};
