import 'zod-openapi';
import { z } from 'zod';
import { config } from '@/lib/config';
import { ApiError } from '@/lib/http/api-error';

/** Route ids: UUIDs. A malformed id is a 400 naming the parameter, never a 500. */
export const idParam = z.object({
  id: z.uuid({ message: 'must be a UUID' }).meta({ description: 'The resource id (a UUIDv7).' }),
});

export const problemSchema = z
  .object({
    type: z.string().meta({ description: 'A URI naming the kind of problem.' }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    requestId: z.string().optional().meta({ description: 'Also in the X-Request-Id header and the server log.' }),
    errors: z
      .array(z.object({ pointer: z.string(), detail: z.string() }))
      .optional()
      .meta({ description: 'Field problems, on validation failures.' }),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details.' });

export const pageQuery = () =>
  z.object({
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(20)
      .meta({ description: 'Page size, 1-100.' }),
    cursor: z
      .string()
      .max(200)
      .optional()
      .meta({ description: 'The `nextCursor` of the previous page.' }),
  });

/** A `q` filter of a listing: the text to look for, trimmed, 1..200 characters. */
export const containsQuery = (description: string) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(200)
    .refine((s) => !s.includes('\u0000'), 'must not contain NUL (\\u0000) characters')
    .optional()
    .meta({ description });

/** A title: trimmed, 1..MAX_TITLE_CHARS characters. */
export const titleSchema = () =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(config().MAX_TITLE_CHARS, `must be at most ${config().MAX_TITLE_CHARS} characters`);

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: problemSchema } },
});

/** Error responses shared by the OpenAPI operations. */
export const errorResponses = {
  400: problem('Malformed JSON or invalid fields.'),
  401: problem('Missing or invalid credentials.'),
  403: problem('Authenticated but not allowed, or a cross-origin cookie write.'),
  404: problem('No such resource (or not yours).'),
  429: problem('Rate limit exceeded; see Retry-After.'),
  500: problem('Unexpected error; quote the request id.'),
} as const;

export const errorResponse = problem;

/** Opaque cursors: base64url of the last row's sort key. */
export interface Cursor {
  at: Date;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at.toISOString(), cursor.id])).toString('base64url');
}

/** Decodes a cursor from a query string; a tampered one is a 400, not a 500. */
export function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(at);
    if (!Number.isNaN(date.getTime()) && z.uuid().safeParse(id).success) return { at: date, id };
  } catch {}
  throw new ApiError('validation', 'query.cursor: is not a cursor this API returned', {
    errors: [{ pointer: 'query.cursor', detail: 'is not a cursor this API returned' }],
  });
}
