import 'server-only';
import { randomUUID } from 'node:crypto';
import { authenticate, type Principal } from '@/lib/auth/authenticate';
import { config } from '@/lib/config';
import { isDatabaseUnavailable } from '@/lib/db/database-unavailable';
import { runAsRequest } from '@/lib/db/work-priority';
import { errorFields, log } from '@/lib/log';
import { isUuid } from '@/lib/uuid';
import { ApiError, problemResponse } from './api-error';
import { clientAddress } from './client-address';
import { enforceRateLimits, type Limit } from './rate-limit';

export interface ApiContext<P> {
  req: Request;
  params: P;
  requestId: string;
  principal: Principal;
}

export interface PublicContext<P> extends Omit<ApiContext<P>, 'principal'> {
  principal: Principal | null;
}

interface Options {
  /** Who may call: anyone, any authenticated principal, or admins only. */
  auth: 'public' | 'user' | 'admin';
  /** 'messages': an extra limit for expensive calls (message sends); 'none': health checks. */
  limit?: 'messages' | 'none';
}

type RouteArgs<P> = { params: Promise<P> };
type Handler<P> = (ctx: ApiContext<P>) => Promise<Response>;
type PublicHandler<P> = (ctx: PublicContext<P>) => Promise<Response>;

const REQUEST_ID = /^[\w.:-]{1,128}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one wrapper around every route handler. In order: request id →
 * authenticate → rate limit per address and principal (429) → refuse missing or
 * bad credentials (401) → same-origin check for cookie writes (403) → role (403)
 * → a compressed body (415) → handler (which validates input, 400, and ownership, 404). Any thrown ApiError becomes problem+json;
 * anything else a generic 500 that names only the request id.
 */
export function withApi<P = Record<string, never>>(
  handler: PublicHandler<P>,
  options: Options & { auth: 'public' },
): (req: Request, args: RouteArgs<P>) => Promise<Response>;
export function withApi<P = Record<string, never>>(
  handler: Handler<P>,
  options: Options & { auth: 'user' | 'admin' },
): (req: Request, args: RouteArgs<P>) => Promise<Response>;
export function withApi<P>(handler: Handler<P> | PublicHandler<P>, options: Options) {
  // Database work of the request waits its turn by arrival time (lib/db/work-priority.ts).
  return (req: Request, args: RouteArgs<P>): Promise<Response> =>
    runAsRequest(performance.now(), () => handle(req, args));

  async function handle(req: Request, args: RouteArgs<P>): Promise<Response> {
    const started = performance.now();
    const requestId = requestIdOf(req);
    let principal: Principal | null = null;
    let response: Response;
    try {
      // Bad credentials are counted against the caller's address before they are refused.
      let authError: unknown;
      principal = await authenticate(req).catch((error: unknown) => {
        authError = error;
        return null;
      });
      await enforceRateLimits(limitsFor(req, principal, options));
      if (authError) throw authError;
      if (!principal && options.auth !== 'public') {
        throw new ApiError('unauthorized', 'Send "Authorization: Bearer <API key>", or use the web app.', {
          headers: { 'www-authenticate': 'Bearer realm="api"' },
        });
      }
      if (principal && principal.via !== 'bearer' && !SAFE_METHODS.has(req.method)) assertSameOrigin(req);
      if (options.auth === 'admin' && principal?.role !== 'admin') {
        throw new ApiError('forbidden', 'This needs an admin key.');
      }
      assertIdentityEncoding(req);
      const params = (await args?.params) ?? ({} as P);
      response = await (handler as PublicHandler<P>)({ req, params, requestId, principal });
    } catch (error) {
      response = toProblem(error, requestId);
    }
    response.headers.set('x-request-id', requestId);
    const status = response.status;
    const fields = {
      requestId,
      method: req.method,
      route: routeOf(req),
      status,
      durationMs: Math.round(performance.now() - started),
      principalId: principal?.id,
    };
    if (status >= 500) log.error('request', fields);
    else log.info('request', fields);
    return response;
  }
}

function limitsFor(req: Request, principal: Principal | null, options: Options): Limit[] {
  if (options.limit === 'none') return [];
  const c = config();
  const limits: Limit[] = [{ key: `ip:${clientAddress(req)}`, max: c.RATE_LIMIT_IP_REQUESTS }];
  if (principal) limits.push({ key: `p:${principal.id}`, max: c.RATE_LIMIT_REQUESTS });
  if (principal && options.limit === 'messages') limits.push({ key: `m:${principal.id}`, max: c.RATE_LIMIT_MESSAGES });
  // A visitor identity costs nothing to make (each cookie-less page view mints one), so the
  // sends of anonymous visitors are also counted together per address.
  if (principal?.via === 'visitor-cookie' && options.limit === 'messages') {
    limits.push({ key: `mv:${clientAddress(req)}`, max: c.RATE_LIMIT_VISITOR_MESSAGES });
  }
  return limits;
}

/**
 * Cookies ride along on cross-site requests, so a cookie-authenticated write must
 * come from our own origin. Browsers send Origin on every cross-origin write and
 * Sec-Fetch-Site on every request; a request with neither (curl, a script) passes.
 */
export function assertSameOrigin(req: Request): void {
  const site = req.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') {
    throw new ApiError('forbidden', 'Cross-origin requests cannot use session cookies.');
  }
  const origin = req.headers.get('origin');
  if (origin && origin !== 'null') {
    const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host') ?? new URL(req.url).host;
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {}
    if (!host || originHost !== host)
      throw new ApiError('forbidden', 'Cross-origin requests cannot use session cookies.');
  } else if (origin === 'null') {
    throw new ApiError('forbidden', 'Cross-origin requests cannot use session cookies.');
  }
}

/**
 * A body is read as sent: one compressed (Content-Encoding: gzip, br…) would be parsed as its
 * compressed bytes, a misleading "not valid JSON" or multipart error, so it is refused with 415
 * and Accept-Encoding saying what is taken (RFC 9110, 15.5.16).
 */
function assertIdentityEncoding(req: Request): void {
  const encoding = req.headers.get('content-encoding')?.trim().toLowerCase();
  if (!encoding || encoding === 'identity' || SAFE_METHODS.has(req.method)) return;
  const named = encoding.length > 40 ? `${encoding.slice(0, 40)}…` : encoding;
  throw new ApiError(
    'unsupported_media_type',
    `Send the body uncompressed: Content-Encoding ${named} is not accepted.`,
    {
      headers: { 'accept-encoding': 'identity' },
    },
  );
}

function toProblem(error: unknown, requestId: string): Response {
  if (error instanceof ApiError) return problemResponse(error, requestId);
  // The database is down or restarting: the same request can succeed shortly.
  if (isDatabaseUnavailable(error)) {
    log.error('database unavailable', { requestId, ...errorFields(error) });
    return problemResponse(
      new ApiError('unavailable', 'The database cannot be reached right now; try again shortly.', {
        headers: { 'retry-after': '5' },
      }),
      requestId,
    );
  }
  // The client went away while its body was being read (Node: "aborted", ECONNRESET): its
  // fault and nobody hears the answer, so not a 500 in the logs and the error counts.
  if (error instanceof Error && (error.message === 'aborted' || (error as { code?: string }).code === 'ECONNRESET')) {
    log.info('client closed the request before its body was read', { requestId });
    return problemResponse(new ApiError('bad_request', 'The request body ended before it was complete.'), requestId);
  }
  log.error('unhandled error', { requestId, ...errorFields(error) });
  return problemResponse(
    new ApiError('internal', `Something went wrong on our side. Quote request id ${requestId} when reporting it.`),
    requestId,
  );
}

/** The caller's `X-Request-Id` when it is a sane token (a proxy's trace id), else a new one. */
function requestIdOf(req: Request): string {
  const inbound = req.headers.get('x-request-id');
  return inbound && REQUEST_ID.test(inbound) ? inbound : randomUUID();
}

function routeOf(req: Request): string {
  // Path segments that are ids, whole: `/sources/<uuid>x` is not a route with an id in it.
  return new URL(req.url).pathname
    .split('/')
    .map((segment) => (isUuid(segment) ? '{id}' : segment))
    .join('/');
}

/**
 * What a route exports for the methods it does not have: each answers 405 with Allow and
 * problem+json, and OPTIONS names the methods it has (the OPTIONS Next.js makes up would
 * list these 405 handlers as allowed too). `export const { PUT, OPTIONS } = otherMethods(api.read)`,
 * given the declarations (lib/api) of the methods the route has.
 */
export function otherMethods(...routes: Array<{ method: string }>) {
  const allow = routes.map((route) => route.method);
  const refuse = methodNotAllowed(allow);
  const options = async (req: Request) =>
    new Response(null, {
      status: 204,
      headers: { allow: [...allow, 'OPTIONS'].join(', '), 'x-request-id': requestIdOf(req) },
    });
  return { GET: refuse, POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse, OPTIONS: options };
}

/**
 * Any /api path that no route handles, /api itself included: a problem+json 404 with a request id,
 * like every other API error (Next.js would answer with its HTML page), counted against the
 * caller's rate limits. For the catch-all route, every method.
 */
export function noSuchEndpoint() {
  const notFound = withApi<{ path?: string[] }>(
    async ({ req }) => {
      throw new ApiError(
        'not_found',
        `There is no API endpoint at ${new URL(req.url).pathname.slice(0, 200)}. See /api/openapi.json.`,
      );
    },
    { auth: 'public' },
  );
  return { GET: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound, OPTIONS: notFound };
}

/** 405 for methods a route does not implement, with the Allow header. */
function methodNotAllowed(allow: string[]) {
  return async (req: Request): Promise<Response> =>
    problemResponse(
      new ApiError('method_not_allowed', `${req.method} is not allowed here.`, {
        headers: { allow: allow.join(', ') },
      }),
      requestIdOf(req),
    );
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json');
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(body), { ...init, headers });
}
