// Browser-side calls to the same /api routes direct API callers use; errors
// arrive as problem+json and become ApiProblem with words a person can read.

export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'ApiProblem';
  }
}

/** Reads a failed response into an ApiProblem (problem+json detail, else the status text). */
export async function problemFrom(res: Response): Promise<ApiProblem> {
  let detail = '';
  try {
    const body = (await res.json()) as { detail?: unknown; title?: unknown };
    detail = typeof body.detail === 'string' ? body.detail : typeof body.title === 'string' ? body.title : '';
  } catch {
    // Not JSON (a proxy page, an empty body): fall back to the status.
  }
  const retry = Number(res.headers.get('retry-after'));
  return new ApiProblem(
    res.status,
    detail || `Request failed (${res.status}).`,
    Number.isFinite(retry) && retry > 0 ? retry : null,
  );
}

/**
 * fetch, with a request that got no answer at all (offline, the server down) as an ApiProblem of
 * status 0 in words, not the browser's own ("Failed to fetch", "Load failed", "NetworkError…").
 * An aborted request stays an AbortError.
 */
export async function reach(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch (e) {
    if (isUnreachable(e)) throw new ApiProblem(0, UNREACHABLE);
    throw e;
  }
}

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const res = await reach(path, {
    ...rest,
    headers: {
      accept: 'application/json',
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  if (!res.ok) throw await problemFrom(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/**
 * A source's text as ingested (GET /api/knowledge/sources/{id}/text), and whether it is Markdown
 * (every source but a plain text file). A failure is an ApiProblem, as from apiFetch.
 */
export async function fetchSourceText(
  id: string,
  signal?: AbortSignal,
): Promise<{ text: string; markdown: boolean; generation: number | null; etag: string | null }> {
  const res = await reach(`/api/knowledge/sources/${encodeURIComponent(id)}/text`, { signal });
  if (!res.ok) throw await problemFrom(res);
  const generation = Number.parseInt(res.headers.get('source-generation') ?? '', 10);
  return {
    text: await res.text(),
    markdown: !/^text\/plain/i.test(res.headers.get('content-type') ?? ''),
    generation: Number.isNaN(generation) ? null : generation,
    etag: res.headers.get('etag'),
  };
}

/** What a request that never reached the server (offline, the server down) is told as. */
export const UNREACHABLE = 'Could not reach the server. Check your connection.';

/**
 * Whether fetch failed without an answer: browsers throw a TypeError for that, whatever their
 * words ("Failed to fetch", "Load failed", "NetworkError…"); a library passing it on may keep only the name.
 */
export const isUnreachable = (e: unknown): boolean =>
  e instanceof TypeError || (e instanceof Error && e.name === 'TypeError');

export function describeProblem(error: unknown): string {
  if (error instanceof ApiProblem) {
    if (error.status === 429) {
      return error.retryAfter
        ? `Too many requests. Try again in ${error.retryAfter} s.`
        : 'Too many requests. Try again shortly.';
    }
    return error.message;
  }
  return error instanceof Error && error.message ? error.message : 'Something went wrong.';
}

/**
 * An effect's request: `load` runs with a signal the effect's cleanup aborts, and its result (or
 * its error, in words) reaches the callbacks only if the effect still stands. A request for a
 * filter, page or source no longer on show is cancelled rather than left to land on the new one.
 * Returns the cleanup: `useEffect(() => loadInEffect(…), [url])`.
 */
export function loadInEffect<T>(
  load: (signal: AbortSignal) => Promise<T>,
  onData: (data: T) => void,
  onError: (message: string, error: unknown) => void,
): () => void {
  const controller = new AbortController();
  load(controller.signal).then(
    (data) => !controller.signal.aborted && onData(data),
    (e: unknown) => !controller.signal.aborted && onError(describeProblem(e), e),
  );
  return () => controller.abort();
}
