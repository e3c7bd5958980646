import 'server-only';
import * as client from 'openid-client';
import { config } from '@/lib/config';
import { safeReturnTo } from '@/lib/users/safe-return-to';
import { flowCookie } from './oidc-flow-cookie';
import { oidcConfiguration } from './oidc-configuration';
import { oidcRedirectUri } from './public-origin';

/**
 * The first leg of single sign-on: a new PKCE verifier, `state` and `nonce` for this one
 * attempt, remembered in the flow cookie, and the provider's authorization URL to send the
 * browser to (authorization code flow, PKCE with S256).
 */
export async function startOidcSignIn(
  req: Request,
  returnTo: string | undefined,
): Promise<{ location: string; setCookie: string }> {
  const configuration = await oidcConfiguration();
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const location = client.buildAuthorizationUrl(configuration, {
    redirect_uri: oidcRedirectUri(req),
    scope: config().OIDC_SCOPES,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const secure = new URL(req.url).protocol === 'https:';
  const setCookie = await flowCookie({ codeVerifier, state, nonce, returnTo: safeReturnTo(returnTo) }, secure);
  return { location: location.href, setCookie };
}
