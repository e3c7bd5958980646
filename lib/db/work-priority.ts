import { AsyncLocalStorage } from 'node:async_hooks';

// One store per process, on globalThis: Next.js loads the instrumentation hook (which opens the
// database) and each route bundle with module copies of their own, and a request marked in a
// route's copy must be seen by the database client the hook created.
const globalForPriority = globalThis as unknown as { __requestStart?: AsyncLocalStorage<number> };
const requestStart = (globalForPriority.__requestStart ??= new AsyncLocalStorage<number>());

/**
 * Runs `fn` as the work of a request that arrived at `startedAt`
 * (performance.now()). Everything it starts, including a reply that goes on
 * streaming after the handler returns, carries that time.
 */
export function runAsRequest<T>(startedAt: number, fn: () => T): T {
  return requestStart.run(startedAt, fn);
}

/**
 * When the request whose work this is arrived (performance.now()), or
 * `undefined` for background work. On a one-connection database the calls of
 * the earliest request go first; background work (ingestion, maintenance)
 * counts from when each call is made, so it is neither starved nor allowed to
 * jump the queue (lib/db/pglite-thread-client.ts).
 */
export function requestArrival(): number | undefined {
  return requestStart.getStore();
}

/**
 * Runs `fn` as background work, queued by when it is made rather than by its
 * request's arrival: what a request does after its answer has started (storing
 * the finished reply) must not hold up other requests' first bytes.
 */
export function runInBackground<T>(fn: () => T): T {
  return requestStart.exit(fn);
}
