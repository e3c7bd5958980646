import type { z } from 'zod';
import { ApiError, type FieldError } from './api-error';

type Issue = z.core.$ZodIssue;

/** Where in a request a problem is: the JSON body (or one line of a JSON Lines body) and a path into it, or a parameter. */
export interface Where {
  in: 'body' | 'query' | 'params';
  path?: readonly PropertyKey[];
  /** A line of a JSON Lines body, from 1. */
  line?: number;
}

const escapeSegment = (segment: string) =>
  encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1')).replaceAll('%7E', '~');

/** The client's part: a JSON Pointer in URI fragment form into a body, or a parameter's name. */
function located({ in: part, path = [], line }: Where): Omit<FieldError, 'detail'> {
  if (part !== 'body') return { parameter: path.map(String).join('.') };
  return {
    ...(line === undefined ? {} : { line }),
    pointer: `#${path.map((p) => `/${escapeSegment(String(p))}`).join('')}`,
  };
}

/** A person's part, leading the problem's detail: `body.sources[1].text`, `query.limit`, `line 2.metadata.k`. */
function label({ in: part, path = [], line }: Where): string {
  const head = line === undefined ? part : `line ${line}`;
  return path.reduce<string>(
    (at, p) => (typeof p === 'number' ? `${at}[${p}]` : `${at}.${String(p).replaceAll('\u0000', '').slice(0, 100)}`),
    head,
  );
}

/** `where`, further down `path`. */
export const at = (where: Where, path: readonly PropertyKey[]): Where => ({
  ...where,
  path: [...(where.path ?? []), ...path],
});
/** A problem at `where`: its label for the detail, and its entry of `errors`. */
export const problemAt = (where: Where, detail: string) => ({
  label: label(where),
  error: { ...located(where), detail },
});
const isMissing = (issue: Issue) => issue.code === 'invalid_type' && issue.message.endsWith('received undefined');

/**
 * A body that matches none of a union's shapes: when it has none of the fields any shape needs,
 * the problem names the choices ("needs `content`, `message` or `messages`"); otherwise it is the
 * problems of the shape it meant (its fields are there), or of the one with the fewest.
 */
function unionIssues(issue: Extract<Issue, { code: 'invalid_union' }>, where: Where): Problem[] {
  const here = at(where, issue.path);
  const shapes = issue.errors.filter((e) => e.length > 0);
  if (shapes.length === 0) return [problemAt(here, issue.message)];
  // A shape whose own fields are all there (what fails is inside them) is the one meant.
  const present = shapes.filter((e) => !e.some((i) => isMissing(i) && i.path.length <= 1));
  if (present.length === 0 && shapes.every((e) => e.every(isMissing))) {
    const choices = shapes.map((e) => e.map((i) => `\`${i.path.map(String).join('.')}\``).join(' and '));
    const listed = choices.length > 1 ? `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}` : choices[0];
    return [problemAt(here, `needs ${listed}`)];
  }
  const closest = (present.length ? present : shapes).reduce((a, b) => (b.length < a.length ? b : a));
  return closest.flatMap((i) => issuesOf({ ...i, path: [...issue.path, ...i.path] }, where));
}

export type Problem = ReturnType<typeof problemAt>;

function issuesOf(issue: Issue, where: Where): Problem[] {
  if (issue.code === 'invalid_union') return unionIssues(issue, where);
  return [problemAt(at(where, issue.path), issue.message)];
}

/** A 400 problem about one field: `errors` locates it for a client, the detail names it for a person. */
export function fieldError(where: Where, detail: string): ApiError {
  return problemsError([problemAt(where, detail)]);
}

/** Turns a zod error into a 400 problem listing each field and what is wrong with it. */
export function validationError(error: z.ZodError, where: Where | Where['in']): ApiError {
  const base = typeof where === 'string' ? { in: where } : where;
  return problemsError(zodProblems(error, base), `Invalid ${base.in}.`);
}

/** One 400 for several problems (at most 50 listed); the detail tells the first. */
export function problemsError(problems: Problem[], fallback = 'Invalid request.'): ApiError {
  const first = problems[0];
  return new ApiError('validation', first ? `${first.label}: ${first.error.detail}` : fallback, {
    errors: problems.slice(0, 50).map((p) => p.error),
  });
}

/** Each problem a zod error found, located under `where`; for gathering several into one 400 (problemsError). */
export function zodProblems(error: z.ZodError, where: Where): Problem[] {
  return error.issues.flatMap((issue) => issuesOf(issue, where));
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
