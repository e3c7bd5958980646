import 'server-only';
import * as client from 'openid-client';
import { config } from '@/lib/config';
import { ApiError } from '@/lib/http/api-error';
import { readFlowCookie } from './oidc-flow-cookie';
import { oidcConfiguration } from './oidc-configuration';
import { OidcRefusal } from './oidc-refusal';
import { readOidcClaims } from './read-oidc-claims';
import { upsertOidcUser } from './upsert-oidc-user';
import { oidcRedirectUri } from './public-origin';

/**
 * The provider sent the browser back: openid-client checks the answer against the flow this
 * browser started (state, issuer, PKCE at the token endpoint, then the ID token's signature,
 * audience, expiry and nonce), then the person's account is created or updated. Anything that
 * does not check out throws an OidcRefusal, before any row is written.
 */
export async function finishOidcSignIn(req: Request): Promise<{ userId: string; returnTo: string }> {
  const flow = await readFlowCookie(req);
  if (!flow) throw new OidcRefusal('sso_expired', 'no valid flow cookie (expired, used, or never started)');
  const configuration = await oidcConfiguration().catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 'unavailable')
      throw new OidcRefusal('sso_unavailable', error.message);
    throw error;
  });

  // The URL the provider redirected to, as the browser saw it: the token request repeats it.
  const currentUrl = new URL(oidcRedirectUri(req));
  currentUrl.search = new URL(req.url).search;
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw refusalOf(error);
  }
  const idClaims = tokens.claims();
  if (!idClaims) throw new OidcRefusal('sso_invalid', 'no ID token');
  const c = config();
  let claims: Record<string, unknown> = idClaims;
  // Providers put only some claims in the ID token (OIDC keeps scope claims for userinfo when an
  // access token is issued): ask userinfo for what is missing.
  if (
    (claims.email === undefined || claims[c.OIDC_GROUPS_CLAIM] === undefined) &&
    configuration.serverMetadata().userinfo_endpoint
  ) {
    try {
      const userinfo = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
      claims = { ...userinfo, ...idClaims };
    } catch (error) {
      throw refusalOf(error);
    }
  }
  const person = readOidcClaims(claims, { groupsClaim: c.OIDC_GROUPS_CLAIM, allowedDomains: c.OIDC_ALLOWED_DOMAINS });
  const userId = await upsertOidcUser({ issuer: idClaims.iss, subject: idClaims.sub, ...person });
  return { userId, returnTo: flow.returnTo };
}

function refusalOf(error: unknown): OidcRefusal {
  const reason = error instanceof Error ? `${error.message}${describeCause(error)}` : String(error);
  if (error instanceof client.AuthorizationResponseError)
    return new OidcRefusal('sso_denied', `provider said ${error.error}: ${error.error_description ?? ''}`);
  const unreachable =
    (error instanceof TypeError && error.message === 'fetch failed') ||
    (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'));
  return new OidcRefusal(unreachable ? 'sso_unavailable' : 'sso_invalid', reason);
}

function describeCause(error: Error): string {
  if (error instanceof client.ResponseBodyError) return ` (${error.error}: ${error.error_description ?? ''})`;
  const cause = error.cause;
  return cause instanceof Error ? ` (${cause.message})` : '';
}
