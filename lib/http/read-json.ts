import type { z } from 'zod';
import { config } from '@/lib/config';
import { formatBytes } from '@/lib/format-bytes';
import { ApiError } from './api-error';
import { at, problemAt, problemsError, validationError, type Problem, type Where } from './validation';

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/**
 * Reads a JSON object body under the configured size limit without buffering
 * more than the limit, then validates it. 415 for another content type, 413 over
 * the limit, 400 for malformed JSON, a non-object, text PostgreSQL cannot store, or invalid fields.
 */
export async function readJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  const type = req.headers.get('content-type') ?? '';
  if (!JSON_TYPE.test(type)) {
    throw new ApiError('unsupported_media_type', 'Send the body as application/json.');
  }
  const text = await readTextWithin(req, config().MAX_JSON_BYTES);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError('bad_request', 'The body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError('bad_request', 'The body must be a JSON object.');
  }
  assertStorableJson(value);
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error, 'body');
  return result.data;
}

/** Reads the body as UTF-8 text, stopping with 413 as soon as it passes `limit` bytes. */
export async function readTextWithin(req: Request, limit: number): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

export function tooLarge(limit: number): ApiError {
  return new ApiError(
    'payload_too_large',
    `The body is larger than the limit of ${formatBytes(limit)} (${limit} bytes).`,
  );
}

/** Deeper than this, a body is refused: no request of this API nests half as deep. */
const MAX_DEPTH = 64;

/**
 * Refuses what PostgreSQL cannot store faithfully, in any string or key: NUL (text refuses
 * 0x00) and lone UTF-16 surrogates (json refuses them, and text would store U+FFFD instead
 * of what was sent); and nesting deeper than MAX_DEPTH levels. The walk is iterative, so a
 * body nested thousands deep is a 400, never a stack overflow (a 500).
 */
export function assertStorableJson(root: unknown, where: Where = { in: 'body' }): void {
  const problem = storableJsonProblem(root, where);
  if (problem) throw problemsError([problem]);
}

/** What assertStorableJson would refuse, the first thing found; none when all can be stored. */
export function storableJsonProblem(root: unknown, where: Where): Problem | undefined {
  const stack: Array<[value: unknown, path: PropertyKey[]]> = [[root, []]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value, at(where, path));
      if (problem) return problem;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_DEPTH)
      return problemAt(at(where, path), `must not be nested more than ${MAX_DEPTH} levels deep`);
    const array = Array.isArray(value);
    for (const [key, child] of Object.entries(value)) {
      // A lone surrogate cannot be written in a pointer's UTF-8: that key is named with U+FFFD in its place.
      const next = [...path, array ? Number(key) : key.toWellFormed()];
      const problem = array ? undefined : textProblem(key, at(where, next));
      if (problem) return problem;
      stack.push([child, next]);
    }
  }
  return undefined;
}

function textProblem(text: string, where: Where): Problem | undefined {
  if (text.includes('\u0000')) return problemAt(where, 'must not contain NUL (\\u0000) characters');
  if (!text.isWellFormed()) return problemAt(where, 'must be well-formed Unicode (no lone surrogates)');
  return undefined;
}

/** Like readJson, but an empty body (no content type, no bytes) counts as `{}`. */
export async function readOptionalJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  if (req.headers.get('content-type')) return readJson(req, schema);
  const text = await readTextWithin(req, config().MAX_JSON_BYTES);
  if (text.trim() !== '') throw new ApiError('unsupported_media_type', 'Send the body as application/json.');
  const result = schema.safeParse({});
  if (!result.success) throw validationError(result.error, 'body');
  return result.data;
}
