import type { z } from 'zod';
import { ApiError } from './api-error';

/** Turns a zod error into a 400 problem listing each field and what is wrong with it. */
export function validationError(error: z.ZodError, where: 'body' | 'query' | 'params'): ApiError {
  const errors = error.issues.map((issue) => ({
    pointer: [where, ...issue.path.map(String)].join('.'),
    detail: issue.message,
  }));
  const first = errors[0];
  const detail = first ? `${first.pointer}: ${first.detail}` : `Invalid ${where}.`;
  return new ApiError('validation', detail, { errors });
}

export function parseQuery<S extends z.ZodType>(req: Request, schema: S): z.infer<S> {
  const params = new URL(req.url).searchParams;
  const raw: Record<string, string> = {};
  for (const [key, value] of params) raw[key] = value;
  const result = schema.safeParse(raw);
  if (!result.success) throw validationError(result.error, 'query');
  return result.data;
}

export function parseParams<S extends z.ZodType>(params: unknown, schema: S): z.infer<S> {
  const result = schema.safeParse(params);
  if (!result.success) throw validationError(result.error, 'params');
  return result.data;
}
