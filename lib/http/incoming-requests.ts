import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { log } from '@/lib/log';
import { ApiError, problemBody } from './api-error';
import { PEER_HEADER } from './client-address';

/**
 * Methods a WHATWG Request cannot carry. Next.js builds one for every request before any
 * of our code runs, and answered these with a bare 500 and a stack trace in the log.
 * (Node itself refuses methods it does not know with 400, and CONNECT never reaches here.)
 */
const UNREPRESENTABLE_METHODS = new Set(['TRACE', 'TRACK']);

/**
 * What every incoming request goes through before Next.js sees it:
 * - TRACE and TRACK are answered 501 with problem+json, like any other refusal;
 * - a path that is not valid percent-encoding is answered 400 the same way (Next.js answered it
 *   with a bare 500 before any route or proxy ran, whenever the request had a body);
 * - the socket's address is stamped on the request. Route handlers cannot see the TCP
 *   peer, and Next only fills in X-Forwarded-For when the client did not send one, so that
 *   header is forgeable; this one replaces any value a client sent.
 */
export function interceptIncomingRequests(): void {
  const proto = http.Server.prototype as http.Server & { __gwIntercept?: boolean };
  if (proto.__gwIntercept) return;
  proto.__gwIntercept = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      if (UNREPRESENTABLE_METHODS.has(req.method ?? '')) {
        refuse(req, res, new ApiError('not_implemented', `This server does not support ${req.method} requests.`));
        return true;
      }
      if (!decodablePath(req.url ?? '/')) {
        refuse(req, res, new ApiError('bad_request', 'The path is not valid percent-encoding.'));
        return true;
      }
      req.headers[PEER_HEADER] = req.socket?.remoteAddress ?? 'unknown';
    }
    return (emit as (this: http.Server, event: string | symbol, ...rest: unknown[]) => boolean).call(
      this,
      event,
      ...args,
    );
  } as typeof proto.emit;
}

function decodablePath(url: string): boolean {
  try {
    decodeURIComponent(url.split('?')[0]!);
    return true;
  } catch {
    return false;
  }
}

/** Answers the request with the problem, before Next.js sees it. */
function refuse(req: http.IncomingMessage, res: http.ServerResponse, error: ApiError): void {
  const requestId = randomUUID();
  const body = JSON.stringify(problemBody(error, requestId));
  req.resume(); // whatever body came is read and dropped
  res.writeHead(error.status, {
    'content-type': 'application/problem+json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-request-id': requestId,
  });
  res.end(body);
  log.info('request', { requestId, method: req.method, status: error.status, durationMs: 0 });
}
