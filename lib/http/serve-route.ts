import 'server-only';
import type { z } from 'zod';
import type { Principal } from '@/lib/auth/authenticate';
import { schemaOf, type Auth, type JsonBody, type OwnBody, type RouteDeclaration, type SchemaOf } from './define-route';
import { asOpenAiError } from './openai-errors';
import { readJson, readOptionalJson } from './read-json';
import { parseParams, parseQuery } from './validation';
import { assertSameOrigin, withApi } from './with-api';

/** What a declared schema (or the function making it) parses to; nothing when none is declared. */
type Input<S> = S extends () => infer T ? Input<T> : S extends z.ZodType ? z.infer<S> : undefined;
type BodyInput<B> = B extends { schema: infer S } ? Input<S> : undefined;
/** What Next.js passes as params: the declared params' input, or nothing. */
type RawParams<P> = P extends z.ZodType ? z.input<P> : Record<string, never>;

export interface RouteContext<P, Q, B, A> {
  req: Request;
  requestId: string;
  principal: A extends 'public' ? Principal | null : Principal;
  params: Input<P>;
  query: Input<Q>;
  body: BodyInput<B>;
}

/** Marks a served handler with its declaration, so a test can check route files against lib/api. */
export const DECLARATION = Symbol('route declaration');

/**
 * A route file's handler for a declared operation: withApi's checks (auth, rate limits, errors
 * as problem+json), then the declared params, query and JSON body validated in that order (400),
 * then `handler` with them parsed. A declaration with `errors: 'openai'` answers its errors in OpenAI's shape.
 */
export function serveRoute<
  P extends z.ZodType | undefined,
  Q extends SchemaOf<z.ZodType> | undefined,
  B extends JsonBody<z.ZodType> | OwnBody | undefined,
  A extends Auth,
>(
  route: RouteDeclaration<P, Q, B, A>,
  handler: (ctx: RouteContext<P, Q, B, A>) => Promise<Response>,
): ((req: Request, args: { params: Promise<RawParams<P>> }) => Promise<Response>) & {
  [DECLARATION]: RouteDeclaration;
} {
  const served = withApi<RawParams<P>>(
    async ({ req, params, requestId, principal }) => {
      if (route.sameOrigin) assertSameOrigin(req);
      const body: JsonBody<z.ZodType> | undefined = route.body && 'schema' in route.body ? route.body : undefined;
      const ctx = {
        req,
        requestId,
        principal,
        params: route.params ? parseParams(params, route.params) : params,
        query: route.query ? parseQuery(req, schemaOf(route.query)) : undefined,
        body: body ? await (body.optional ? readOptionalJson : readJson)(req, schemaOf(body.schema)) : undefined,
      } as RouteContext<P, Q, B, A>;
      return handler(ctx);
    },
    // withApi's overloads split public from authenticated handlers; the context above serves both.
    { auth: route.auth as 'user', limit: route.limit },
  );
  const { deprecated } = route;
  const answered =
    route.errors === 'openai'
      ? async (req: Request, args: { params: Promise<RawParams<P>> }) => asOpenAiError(await served(req, args))
      : served;
  const serve = deprecated
    ? async (req: Request, args: { params: Promise<RawParams<P>> }) => {
        const response = await answered(req, args);
        // Errors too: a client that only ever sees 4xx should still learn the endpoint is going away.
        response.headers.set('deprecation', `@${deprecated.since.getTime() / 1000}`);
        response.headers.set('link', `</api${deprecated.successor}>; rel="successor-version"`);
        return response;
      }
    : answered;
  return Object.assign(serve, { [DECLARATION]: route as unknown as RouteDeclaration });
}
