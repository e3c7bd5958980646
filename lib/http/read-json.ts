import type { z } from 'zod';
import { config } from '@/lib/config';
import { ApiError } from './api-error';
import { validationError } from './validation';

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/**
 * Reads a JSON object body under the configured size limit without buffering
 * more than the limit, then validates it. 415 for another content type, 413 over
 * the limit, 400 for malformed JSON, a non-object, NUL characters or invalid fields.
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
  const nul = findNul(value, 'body');
  if (nul) {
    throw new ApiError('validation', 'Text must not contain NUL characters.', {
      errors: [{ pointer: nul, detail: 'must not contain NUL (\\u0000) characters' }],
    });
  }
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
  return new ApiError('payload_too_large', `The body is larger than the limit of ${limit} bytes.`);
}

function findNul(value: unknown, pointer: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? pointer : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${pointer}.${key.replaceAll('\u0000', '')}`;
    const found = findNul(child, Array.isArray(value) ? `${pointer}[${key}]` : `${pointer}.${key}`);
    if (found) return found;
  }
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
