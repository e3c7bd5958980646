import http from 'node:http';
import { PEER_HEADER } from './client-address';

/**
 * Next.js route handlers cannot see the TCP peer, and Next only fills in
 * X-Forwarded-For when the client did not send one, so that header is forgeable.
 * We stamp the socket's address on every incoming request (replacing any value
 * a client sent) before Next sees it.
 */
export function stampPeerAddress(): void {
  const proto = http.Server.prototype as http.Server & { __gwPeer?: boolean };
  if (proto.__gwPeer) return;
  proto.__gwPeer = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const req = args[0] as http.IncomingMessage;
      req.headers[PEER_HEADER] = req.socket?.remoteAddress ?? 'unknown';
    }
    return (emit as (this: http.Server, event: string | symbol, ...rest: unknown[]) => boolean).call(this, event, ...args);
  } as typeof proto.emit;
}
