import type { Principal } from '@/lib/auth/principal';
import { config } from '@/lib/config';
import { ApiError } from '@/lib/http/api-error';

/** The caller's own account: a person (signed in, or with a key of theirs), not a visitor or a standalone key. */
export function requireAccount(principal: Principal): string {
  if (principal.kind !== 'user') throw new ApiError('forbidden', 'This needs a signed-in account.');
  return principal.id;
}

/**
 * A link on this service's origin as the request reached it: behind a trusted proxy
 * (TRUST_PROXY), the host and scheme the proxy was asked for.
 */
export function absoluteUrl(req: Request, path: string): string {
  const url = new URL(req.url);
  const proxied = config().TRUST_PROXY > 0;
  const first = (name: string) => req.headers.get(name)?.split(',')[0]?.trim() || undefined;
  const host = (proxied && first('x-forwarded-host')) || req.headers.get('host') || url.host;
  const proto = (proxied && first('x-forwarded-proto')) || url.protocol.replace(':', '');
  return `${proto}://${host}${path}`;
}
