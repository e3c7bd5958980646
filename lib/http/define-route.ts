import type { z } from 'zod';
import type { ZodOpenApiRequestBodyObject, ZodOpenApiResponseObject } from 'zod-openapi';

/**
 * What an API operation is, declared once: the route file serves it (`serveRoute` validates
 * its input from these schemas) and the OpenAPI document is built from the same declaration
 * (lib/api lists them all). Pure data and zod: nothing here reaches a database or Next.js.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Who may call: anyone, any authenticated principal, or admins only. */
export type Auth = 'public' | 'user' | 'admin';

/**
 * A schema, or a function making it: schemas that read settings (message and title limits, the
 * search's `k`) are made again for each request, so a changed setting applies at once.
 */
export type SchemaOf<S extends z.ZodType> = S | (() => S);

export const schemaOf = <S extends z.ZodType>(schema: SchemaOf<S>): S =>
  typeof schema === 'function' ? schema() : schema;

/** A JSON body the route reads and validates before its handler runs (413, 415 and 400 as readJson says). */
export interface JsonBody<S extends z.ZodType> {
  schema: SchemaOf<S>;
  /** An empty body counts as `{}` (readOptionalJson). */
  optional?: boolean;
  /** The media types the document names for it; any JSON type (`+json`) is read alike. */
  mediaTypes?: readonly string[];
}

/** A body the handler reads itself (uploads, JSON Lines): only documented here. */
export interface OwnBody {
  documented: ZodOpenApiRequestBodyObject;
}

/** A problem+json answer; the description defaults to the usual one for its status. */
export interface ProblemAnswer {
  problem: true;
  description?: string;
}

export const problem = (description?: string): ProblemAnswer => ({ problem: true, description });

/** A successful answer: a JSON `schema`, or `content` by media type, or no body. */
export interface Answer {
  description: string;
  schema?: z.ZodType;
  content?: ZodOpenApiResponseObject['content'];
  /** Response headers: a zod object, or zod schemas by name. */
  headers?: ZodOpenApiResponseObject['headers'] | Record<string, z.ZodType>;
}

export interface RouteDeclaration<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends SchemaOf<z.ZodType> | undefined = SchemaOf<z.ZodType> | undefined,
  B extends JsonBody<z.ZodType> | OwnBody | undefined = JsonBody<z.ZodType> | OwnBody | undefined,
  A extends Auth = Auth,
> {
  method: Method;
  /** As the OpenAPI document writes it, under /api: `/conversations/{id}`. */
  path: string;
  auth: A;
  /** 'messages': an extra limit for expensive calls (message sends); 'none': health checks. */
  limit?: 'messages' | 'none';
  /** Errors as problem+json (the default), or in OpenAI's shape for the OpenAI-compatible `/v1` routes. */
  errors?: 'problem' | 'openai';
  /** Refuse cross-site browsers (403) before any input is read, even on a public route: no login CSRF. */
  sameOrigin?: true;
  tags: string[];
  summary: string;
  description?: string;
  /** A deprecated operation answers with `Deprecation` (RFC 9745) and a `Link` to its successor. */
  deprecated?: { since: Date; successor: string };
  params?: P;
  query?: Q;
  /** Request headers the operation reads, for the document only. */
  headers?: z.ZodObject;
  body?: B;
  /**
   * Besides these, the document adds the problems every such operation can answer: 400 with any
   * input, 401 unless public, 403 for admins, 404 with a path id, 413 and 415 with a body, 429
   * unless unlimited, 500 and 503.
   */
  responses: Record<number, Answer | ProblemAnswer>;
}

/** Declares an operation; the identity, kept for its types (the handler's params, query and body follow from it). */
export function defineRoute<
  A extends Auth,
  P extends z.ZodType | undefined = undefined,
  Q extends SchemaOf<z.ZodType> | undefined = undefined,
  B extends JsonBody<z.ZodType> | OwnBody | undefined = undefined,
>(declaration: RouteDeclaration<P, Q, B, A>): RouteDeclaration<P, Q, B, A> {
  return declaration;
}
