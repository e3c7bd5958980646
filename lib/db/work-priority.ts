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
 * When a database call should run relative to others on a one-connection
 * database: the earlier its request arrived, the sooner. A call outside any
 * request (ingestion, maintenance) counts from when it was made, so it is
 * neither starved nor allowed to jump the queue.
 */
export function workPriority(): number {
  return requestStart.getStore() ?? performance.now();
}

/**
 * Runs `fn` as background work, queued by when it is made rather than by its
 * request's arrival: what a request does after its answer has started (storing
 * the finished reply) must not hold up other requests' first bytes.
 */
export function runInBackground<T>(fn: () => T): T {
  return requestStart.exit(fn);
}
