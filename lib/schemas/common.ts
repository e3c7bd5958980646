import 'zod-openapi';
import { z } from 'zod';
import { config } from '@/lib/config';
import { fieldError } from '@/lib/http/validation';

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
      .array(
        z.object({
          pointer: z.string().optional().meta({
            description:
              'A JSON Pointer (RFC 6901) into the JSON body, in URI fragment form: `#/title`, `#/sources/1/text`; `#` is the whole body.',
          }),
          parameter: z
            .string()
            .optional()
            .meta({ description: 'The query, path or form parameter at fault instead: `limit`, `id`, `file`.' }),
          line: z
            .number()
            .int()
            .optional()
            .meta({ description: 'In a JSON Lines body, the line (from 1) `pointer` points into.' }),
          detail: z.string(),
        }),
      )
      .optional()
      .meta({
        description: 'Each problem found, on validation failures (at most 50); `detail` above tells the first.',
      }),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details.' });

/** A whole number in a query parameter, `min`..`max`; anything else is "must be a whole number from min to max". */
export const wholeNumberQuery = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

export const pageQuery = () =>
  z.object({
    limit: wholeNumberQuery(1, 100).default(20).meta({ description: 'Page size, 1-100.' }),
    cursor: z.string().max(200).optional().meta({ description: 'The `nextCursor` of the previous page.' }),
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

/** Nothing to read: whitespace and invisible format characters (zero-width spaces, direction marks) only. */
export const isBlank = (s: string) => /^[\s\p{Cf}]*$/u.test(s);

/** A title: trimmed, 1..max (MAX_TITLE_CHARS unless given) characters, one of them visible. */
export const titleSchema = (max = config().MAX_TITLE_CHARS) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .refine((s) => !isBlank(s), 'must have a visible character, not only invisible ones')
    .max(max, `must be at most ${max} characters`);

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
  503: problem('The database (or the chat model) cannot be reached right now; see Retry-After.'),
} as const;

export const errorResponse = problem;

/** The answers of an operation that reads a JSON body, besides 400: too large, or not JSON. */
export const jsonBodyErrors = {
  413: problem('The body is over the JSON limit.'),
  415: problem('The body is not application/json, or it is compressed (any Content-Encoding but identity).'),
} as const;

/** An OpenAPI `content` entry: a JSON body of this schema. */
export const jsonOf = (schema: unknown) => ({ 'application/json': { schema } }) as never;

/** An opaque page cursor: the sort values of a page's last row, as base64url JSON. */
export function encodeKeyset(values: readonly string[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/**
 * The values of a cursor from a query string, as `read` accepts them. A tampered cursor, or one
 * `read` refuses (another listing's, another order's), is a 400, not a 500.
 */
export function decodeKeyset<T>(cursor: string | undefined, read: (values: unknown) => T | undefined): T | undefined {
  if (!cursor) return undefined;
  let decoded: T | undefined;
  try {
    decoded = read(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {}
  if (decoded !== undefined) return decoded;
  throw fieldError({ in: 'query', path: ['cursor'] }, 'is not a cursor this API returned');
}

/** The cursor of listings ordered by a time, then id. */
export interface Cursor {
  at: Date;
  id: string;
}

export const encodeCursor = (cursor: Cursor) => encodeKeyset([cursor.at.toISOString(), cursor.id]);

/**
 * A page of a keyset listing, from the `limit + 1` rows its query fetched: the first `limit`, and
 * the cursor after the last of them when the extra row says another page follows.
 */
export function keysetPage<T>(
  rows: T[],
  limit: number,
  cursorOf: (row: T) => Cursor,
): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(cursorOf(last)) : null };
}

const timeCursor = z.tuple([z.iso.datetime({ offset: true }), z.uuid()]);

export const decodeCursor = (cursor: string | undefined): Cursor | undefined =>
  decodeKeyset(cursor, (values) => {
    const parsed = timeCursor.safeParse(values);
    if (!parsed.success) return undefined;
    const at = new Date(parsed.data[0]);
    // A row's time: ISO 8601 also writes years PostgreSQL refuses (0000), and this API has no rows before 1970.
    return at.getUTCFullYear() >= 1970 && at.getUTCFullYear() <= 9999 ? { at, id: parsed.data[1] } : undefined;
  });
