import 'server-only';
import * as client from 'openid-client';
import { config } from '@/lib/config';
import { ApiError } from '@/lib/http/api-error';
import { log } from '@/lib/log';

const globalForOidc = globalThis as unknown as {
  __oidcConfiguration?: { key: string; value: Promise<client.Configuration> };
};

/** Single sign-on is on when OIDC_ISSUER is set (lib/config.ts then requires the client id and secret too). */
export function oidcEnabled(): boolean {
  return Boolean(config().OIDC_ISSUER);
}

/**
 * The provider's metadata and our client, discovered once per process from OIDC_ISSUER's
 * `/.well-known/openid-configuration` (openid-client checks the issuer it names is ours).
 * A failed discovery is not kept: the next sign-in tries again, so a provider that was down
 * at start does not need a restart.
 */
export function oidcConfiguration(): Promise<client.Configuration> {
  const c = config();
  if (!c.OIDC_ISSUER || !c.OIDC_CLIENT_ID || !c.OIDC_CLIENT_SECRET) {
    return Promise.reject(new ApiError('not_found', 'Single sign-on is not configured on this server (OIDC_ISSUER).'));
  }
  const key = `${c.OIDC_ISSUER}\n${c.OIDC_CLIENT_ID}\n${c.OIDC_CLIENT_SECRET}`;
  const cached = globalForOidc.__oidcConfiguration;
  if (cached?.key === key) return cached.value;
  const value = discover(c.OIDC_ISSUER, c.OIDC_CLIENT_ID, c.OIDC_CLIENT_SECRET);
  globalForOidc.__oidcConfiguration = { key, value };
  value.catch(() => {
    if (globalForOidc.__oidcConfiguration?.value === value) globalForOidc.__oidcConfiguration = undefined;
  });
  return value;
}

async function discover(issuer: string, clientId: string, clientSecret: string): Promise<client.Configuration> {
  // openid-client refuses plain http unless told; an http issuer is the operator's explicit choice
  // (a provider on the same host or private network), so it is allowed with a warning.
  const insecure = new URL(issuer).protocol === 'http:';
  if (insecure) log.warn('OIDC_ISSUER uses http: tokens travel unencrypted', { issuer });
  try {
    return await client.discovery(new URL(issuer), clientId, clientSecret, undefined, {
      execute: insecure ? [client.allowInsecureRequests] : [],
      timeout: 10,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.error('single sign-on: provider discovery failed', { issuer, reason });
    throw new ApiError(
      'unavailable',
      `The identity provider (${issuer}) could not be reached or did not describe itself: ${reason}. Try again shortly.`,
      { headers: { 'retry-after': '10' } },
    );
  }
}
