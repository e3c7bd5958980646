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
  return fromTrustedProxy(req, 'x-forwarded-for') ?? req.headers.get(PEER_HEADER) ?? 'unknown';
}

/**
 * The host the client asked for, for the same-origin check of cookie writes: behind TRUST_PROXY
 * proxies, the X-Forwarded-Host entry our outermost proxy wrote; else the Host header. Without a
 * trusted proxy X-Forwarded-Host is the client's own word, and would let it name any origin.
 */
export function requestHost(req: Request): string {
  return fromTrustedProxy(req, 'x-forwarded-host') ?? req.headers.get('host') ?? new URL(req.url).host;
}

/** Of a header each trusted proxy appends to, the entry the outermost one wrote (see clientAddress); none without TRUST_PROXY. */
function fromTrustedProxy(req: Request, header: string): string | undefined {
  const hops = config().TRUST_PROXY;
  if (hops === 0) return undefined;
  const entries = (req.headers.get(header) ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return entries[Math.max(0, entries.length - hops)];
}
