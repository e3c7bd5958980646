import { config } from '@/lib/config';

/**
 * The origin the browser used to reach us, for the redirect URI the provider sends it back to.
 * Next.js builds `req.url` from the server's own host and port, so the host comes from the
 * Host header (X-Forwarded-Host behind a trusted proxy); the scheme is `req.url`'s, which
 * Next.js takes from X-Forwarded-Proto. A forged Host only yields a redirect URI the provider
 * does not have registered, so the provider refuses it.
 */
export function publicOrigin(req: Request): string {
  const url = new URL(req.url);
  const forwarded = config().TRUST_PROXY > 0 ? req.headers.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  const host = forwarded || req.headers.get('host') || url.host;
  return `${url.protocol}//${host}`;
}

export const CALLBACK_PATH = '/api/auth/oidc/callback';

export const oidcRedirectUri = (req: Request) => `${publicOrigin(req)}${CALLBACK_PATH}`;
