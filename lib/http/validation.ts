import type { z } from 'zod';
import { ApiError } from './api-error';

type Issue = z.core.$ZodIssue;

const pointerOf = (where: string, path: PropertyKey[]) => [where, ...path.map(String)].join('.');
const isMissing = (issue: Issue) => issue.code === 'invalid_type' && issue.message.endsWith('received undefined');

/**
 * A body that matches none of a union's shapes: when it has none of the fields any shape needs,
 * the problem names the choices ("needs `content`, `message` or `messages`"); otherwise it is the
 * problems of the shape it meant (its fields are there), or of the one with the fewest.
 */
function unionIssues(issue: Extract<Issue, { code: 'invalid_union' }>, where: string): { pointer: string; detail: string }[] {
  const pointer = pointerOf(where, issue.path);
  const shapes = issue.errors.filter((e) => e.length > 0);
  if (shapes.length === 0) return [{ pointer, detail: issue.message }];
  // A shape whose own fields are all there (what fails is inside them) is the one meant.
  const present = shapes.filter((e) => !e.some((i) => isMissing(i) && i.path.length <= 1));
  if (present.length === 0 && shapes.every((e) => e.every(isMissing))) {
    const choices = shapes.map((e) => e.map((i) => `\`${i.path.map(String).join('.')}\``).join(' and '));
    const listed = choices.length > 1 ? `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}` : choices[0];
    return [{ pointer, detail: `needs ${listed}` }];
  }
  const closest = (present.length ? present : shapes).reduce((a, b) => (b.length < a.length ? b : a));
  return closest.flatMap((i) => issuesOf({ ...i, path: [...issue.path, ...i.path] }, where));
}

function issuesOf(issue: Issue, where: string): { pointer: string; detail: string }[] {
  if (issue.code === 'invalid_union') return unionIssues(issue, where);
  return [{ pointer: pointerOf(where, issue.path), detail: issue.message }];
}

/** A 400 problem about one field: `pointer` names it (`body.title`), `detail` says what is wrong. */
export function fieldError(pointer: string, detail: string): ApiError {
  return new ApiError('validation', `${pointer}: ${detail}`, { errors: [{ pointer, detail }] });
}

/** Turns a zod error into a 400 problem listing each field and what is wrong with it. */
export function validationError(error: z.ZodError, where: 'body' | 'query' | 'params'): ApiError {
  const errors = error.issues.flatMap((issue) => issuesOf(issue, where));
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
