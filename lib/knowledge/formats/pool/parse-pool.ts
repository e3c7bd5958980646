import 'server-only';
import path from 'node:path';
import { Piscina } from 'piscina';
import { ExtractionError } from '../extracted-document';
import { onPoolThread, type ParseReply, type ParseResults, type ParseTask } from './parse-tasks';

// Found from the project's root at run time, as lib/db/pglite-thread-client.ts finds its thread:
// the server bundle lives elsewhere, and the thread runs the TypeScript source through tsx.
const WORKER_FILE = path.join(process.cwd(), 'lib', 'knowledge', 'formats', 'pool', 'parse-worker.ts');
/** An idle thread is stopped after this long; the next file starts a new one (0.2–0.7 s). */
const IDLE_MS = 30_000;

let pool: { piscina: Piscina; heapMb: number } | undefined;
let queue: Promise<unknown> = Promise.resolve();

/** One thread, under PARSE_MAX_HEAP_MB: a new pool when the setting changes. */
function poolFor(heapMb: number): Piscina {
  if (pool?.heapMb === heapMb) return pool.piscina;
  void pool?.piscina.destroy();
  const piscina = new Piscina({
    filename: WORKER_FILE,
    execArgv: ['--conditions=react-server', '--import', 'tsx'],
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: IDLE_MS,
  });
  // A thread that dies between tasks is replaced by the next task; a task's own failure reaches its caller.
  piscina.on('error', () => {});
  pool = { piscina, heapMb };
  return piscina;
}

export interface PoolLimits {
  /** PARSE_TIMEOUT_MS, or the format's own limit. */
  timeoutMs: number;
  /** PARSE_MAX_HEAP_MB */
  heapMb: number;
  /** The failure's message when the time is up. */
  timedOut: string;
}

/**
 * Runs one task on the parse pool's thread, one at a time, each timed from its own start: a
 * task over its time or the thread's heap ends its thread (the next task gets a new one) and
 * fails with an ExtractionError; the task's own errors come back as they were thrown.
 */
export function runInPool<T extends ParseTask>(task: T, limits: PoolLimits): Promise<ParseResults[T['kind']]> {
  // The pool's thread waiting on the pool would wait on itself (a second pool inside it, at best).
  if (onPoolThread()) throw new Error('The parse pool’s thread asked the parse pool for a task.');
  const turn = queue.then(() => runNow(task, limits));
  queue = turn.catch(() => {});
  return turn;
}

async function runNow<T extends ParseTask>(
  task: T,
  { timeoutMs, heapMb, timedOut }: PoolLimits,
): Promise<ParseResults[T['kind']]> {
  const signal = AbortSignal.timeout(timeoutMs);
  let reply: ParseReply<T['kind']>;
  try {
    reply = await poolFor(heapMb).run(task, { signal });
  } catch (error) {
    if (signal.aborted) throw new ExtractionError(timedOut);
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw new ExtractionError(`Reading the file needs more than ${heapMb} MB of memory (PARSE_MAX_HEAP_MB).`);
    throw error;
  }
  if ('result' in reply) return reply.result;
  if (reply.error.extraction) throw new ExtractionError(reply.error.message);
  throw Object.assign(new Error(reply.error.message), { stack: reply.error.stack });
}
