import { config } from '@/lib/config';

/** Set by lib/http/incoming-requests.ts from the socket itself; a client cannot forge it. */
export const PEER_HEADER = 'x-groundwork-peer';

/**
 * The caller's address for per-IP limits. Behind TRUST_PROXY = n proxies, each appends the
 * address it was reached from to X-Forwarded-For, so the n-th entry from the right is the one
 * our outermost proxy saw; anything left of it came from the client and is not trusted (taking
 * the first entry would let a client pick its own address and reset its limit). Without a
 * trusted proxy, the TCP peer.
 */
export function clientAddress(req: Request): string {
  const hops = config().TRUST_PROXY;
  if (hops > 0) {
    const entries = (req.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const seen = entries[Math.max(0, entries.length - hops)];
    if (seen) return seen;
  }
  return req.headers.get(PEER_HEADER) ?? 'unknown';
}
