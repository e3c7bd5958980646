/**
 * The one error class of the API. Handlers throw it; `withApi` turns it into an
 * RFC 9457 `application/problem+json` response.
 */

export type ErrorCode =
  | 'bad_request'
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'gone'
  | 'precondition_failed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unprocessable'
  | 'rate_limited'
  | 'not_implemented'
  | 'bad_gateway'
  | 'gateway_timeout'
  | 'unavailable'
  | 'internal';

const STATUS: Record<ErrorCode, { status: number; title: string }> = {
  bad_request: { status: 400, title: 'Bad Request' },
  validation: { status: 400, title: 'Invalid request' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  forbidden: { status: 403, title: 'Forbidden' },
  not_found: { status: 404, title: 'Not Found' },
  method_not_allowed: { status: 405, title: 'Method Not Allowed' },
  conflict: { status: 409, title: 'Conflict' },
  gone: { status: 410, title: 'Gone' },
  precondition_failed: { status: 412, title: 'Precondition Failed' },
  payload_too_large: { status: 413, title: 'Content Too Large' },
  unsupported_media_type: { status: 415, title: 'Unsupported Media Type' },
  unprocessable: { status: 422, title: 'Unprocessable Content' },
  rate_limited: { status: 429, title: 'Too Many Requests' },
  not_implemented: { status: 501, title: 'Not Implemented' },
  bad_gateway: { status: 502, title: 'Bad Gateway' },
  gateway_timeout: { status: 504, title: 'Gateway Timeout' },
  unavailable: { status: 503, title: 'Service Unavailable' },
  internal: { status: 500, title: 'Internal Server Error' },
};

/** One problem with a request: where it is, as RFC 9457's own example names it, and what is wrong. */
export interface FieldError {
  /** A JSON Pointer (RFC 6901) into the JSON body, in URI fragment form: `#/title`, `#/sources/1/text`; `#` is the whole body. */
  pointer?: string;
  /** A query, path or form parameter instead: `limit`, `id`, `file`. */
  parameter?: string;
  /** In a JSON Lines body, the line (from 1) that `pointer` points into. */
  line?: number;
  detail: string;
}

export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly title: string;
  readonly errors?: FieldError[];
  readonly headers: Record<string, string>;
  /** RFC 9457 extension members: more about this problem, for a client to act on. */
  readonly extensions: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    detail: string,
    options: { errors?: FieldError[]; headers?: Record<string, string>; extensions?: Record<string, unknown> } = {},
  ) {
    super(detail);
    this.code = code;
    this.status = STATUS[code].status;
    this.title = STATUS[code].title;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
    this.extensions = options.extensions ?? {};
  }
}

export const PROBLEM_BASE = 'https://groundwork.dev/problems/';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  requestId?: string;
  errors?: FieldError[];
}

export function problemBody(error: ApiError, requestId?: string): Problem {
  return {
    ...error.extensions,
    type: `${PROBLEM_BASE}${error.code.replaceAll('_', '-')}`,
    title: error.title,
    status: error.status,
    detail: error.message,
    ...(requestId ? { requestId } : {}),
    ...(error.errors ? { errors: error.errors } : {}),
  };
}

export function problemResponse(error: ApiError, requestId?: string): Response {
  const headers = new Headers(error.headers);
  headers.set('content-type', 'application/problem+json');
  headers.set('cache-control', 'no-store');
  if (requestId) headers.set('x-request-id', requestId);
  return new Response(JSON.stringify(problemBody(error, requestId)), { status: error.status, headers });
}

export const notFound = (what = 'resource') => new ApiError('not_found', `No ${what} with that id.`);
