import { config } from '@/lib/config';

/** Set by lib/http/peer-address.ts from the socket itself; a client cannot forge it. */
export const PEER_HEADER = 'x-groundwork-peer';

/**
 * The caller's address for per-IP limits: the first X-Forwarded-For entry when
 * TRUST_PROXY is on (a proxy we trust wrote it), otherwise the TCP peer.
 */
export function clientAddress(req: Request): string {
  if (config().TRUST_PROXY) {
    const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return req.headers.get(PEER_HEADER) ?? 'unknown';
}
