import 'server-only';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type {
  ConnectionInfo,
  IsolationLevel,
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  SqlQuery,
  SqlResultSet,
  Transaction,
  TransactionOptions,
} from '@prisma/driver-adapter-utils';
import { requestArrival } from './work-priority';

// Resolved from the project root, not bundled: the thread is plain JavaScript that
// Node loads as is, whatever runs the main thread (Next.js, tsx, Vitest).
const THREAD_FILE = path.join(process.cwd(), 'lib', 'db', 'pglite-thread.mjs');
const ADAPTER_NAME = 'pglite-prisma-adapter';

interface ThreadError {
  message: string;
  driver?: boolean;
  cause?: unknown;
  stack?: string;
  [field: string]: unknown;
}

type Reply = { id: number; result?: unknown; error?: ThreadError };

interface Queued {
  id: number;
  op: string;
  args: Record<string, unknown>;
  priority: number;
  /** Whether the call is a request's (rather than background work's). */
  request: boolean;
}

/** A request's calls: how many are outstanding, and when the last one was answered. */
interface RequestCalls {
  outstanding: number;
  answeredAt: number;
}

/** Calls handed to the thread at once: one running and one ready behind it, so the thread never waits on us. */
const IN_FLIGHT = 2;
/**
 * How long background work waits, after one of an older request's calls is answered, for
 * that request's next call. A request's calls come one after another, a millisecond or two
 * apart; without the wait, an ingestion whose next write is already queued takes the
 * connection in that gap, and each of the request's calls waits out a whole write
 * (the anticipatory scheduling of disk I/O schedulers).
 */
const ANTICIPATE_MS = 10;
/**
 * How a call relates to the one connection: `queued` calls wait their turn (and
 * `startTransaction` opens a transaction when it returns); calls inside an open
 * transaction go at once, never behind other work; `commit`/`rollback` end it.
 */
type CallKind = 'queued' | 'inTransaction' | 'endsTransaction';

function kindOf(op: string, args: Record<string, unknown>): CallKind {
  if (op === 'commit' || op === 'rollback') return 'endsTransaction';
  return args.txId === undefined ? 'queued' : 'inTransaction';
}

/**
 * The main thread's end of an embedded PGlite running on a worker thread
 * (lib/db/pglite-thread.mjs): requests are numbered messages, answered in
 * whatever order PGlite finishes them. If the thread dies, every waiting and
 * later call fails instead of hanging.
 *
 * PGlite is one connection, so calls wait their turn here, oldest request
 * first (lib/db/work-priority.ts): twenty concurrent requests then finish one
 * after another instead of all finishing late together. While a transaction
 * is open, only its own statements go to the thread.
 */
export class PGliteThread {
  private readonly pending = new Map<
    number,
    { op: string; kind: CallKind; arrival?: number; resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private readonly queue: Queued[] = [];
  /** The calls of requests under way, by the request's arrival time. */
  private readonly requests = new Map<number, RequestCalls>();
  private wakeTimer: NodeJS.Timeout | undefined;
  private inFlight = 0;
  private openTransactions = 0;
  private nextId = 1;
  private dead: Error | undefined;
  private constructor(
    private readonly worker: Worker,
    readonly connectionInfo: ConnectionInfo,
  ) {
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (waiting.kind === 'endsTransaction') this.openTransactions--;
      else if (waiting.kind === 'queued') {
        this.inFlight--;
        if (waiting.op === 'startTransaction' && !reply.error) this.openTransactions++;
      }
      if (waiting.arrival !== undefined) {
        const calls = this.requests.get(waiting.arrival)!;
        calls.outstanding--;
        calls.answeredAt = performance.now();
        this.forgetFinishedRequests(calls.answeredAt);
      }
      if (reply.error) waiting.reject(toError(reply.error));
      else waiting.resolve(reply.result);
      this.dispatch();
    });
    const die = (error: Error) => {
      this.dead ??= error;
      // Queued calls are pending too: every caller hears of it.
      for (const waiting of this.pending.values()) waiting.reject(this.dead);
      this.pending.clear();
      this.queue.length = 0;
      clearTimeout(this.wakeTimer);
    };
    worker.on('error', (error) => die(new Error(`The database thread failed: ${error.message}`, { cause: error })));
    worker.on('exit', (code) => die(new Error(`The database thread exited (code ${code}).`)));
  }

  /** Starts the thread and opens the database (`undefined`: in memory). */
  static async start(location: string | undefined, { slowMs = 0 } = {}): Promise<PGliteThread> {
    const worker = new Worker(THREAD_FILE, { workerData: { location, slowMs } });
    const first = await new Promise<{ ready: boolean; connectionInfo?: ConnectionInfo; error?: ThreadError }>(
      (resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`The database thread exited while starting (code ${code}).`)));
      },
    );
    if (!first.ready) {
      await worker.terminate();
      throw toError(first.error!);
    }
    return new PGliteThread(worker, first.connectionInfo ?? { supportsRelationJoins: true });
  }

  call<T>(op: string, args: Record<string, unknown> = {}): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    const kind = kindOf(op, args);
    const arrival = requestArrival();
    if (arrival !== undefined) {
      const calls = this.requests.get(arrival) ?? { outstanding: 0, answeredAt: 0 };
      calls.outstanding++;
      this.requests.set(arrival, calls);
    }
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { op, kind, arrival, resolve: resolve as (value: unknown) => void, reject });
      if (kind !== 'queued') this.worker.postMessage({ id, op, args });
      else {
        this.queue.push({ id, op, args, priority: arrival ?? performance.now(), request: arrival !== undefined });
        this.dispatch();
      }
    });
  }

  private dispatch(): void {
    while (this.inFlight < IN_FLIGHT && this.openTransactions === 0 && this.queue.length > 0) {
      let best = 0;
      let bestRequest = -1;
      for (let i = 0; i < this.queue.length; i++) {
        const { priority, request } = this.queue[i]!;
        if (priority < this.queue[best]!.priority) best = i;
        if (request && (bestRequest < 0 || priority < this.queue[bestRequest]!.priority)) bestRequest = i;
      }
      // Background work held back for an older request lets newer requests' calls through
      // meanwhile: the thread never idles while a request waits.
      if (!this.queue[best]!.request && this.heldBack(this.queue[best]!.priority)) {
        if (bestRequest < 0) return;
        best = bestRequest;
      }
      const next = this.queue[best]!;
      this.queue.splice(best, 1);
      this.inFlight++;
      this.worker.postMessage({ id: next.id, op: next.op, args: next.args });
    }
  }

  /**
   * Whether background work made at `priority` must let an older request go first: one
   * with a call outstanding (its answer dispatches again), or one answered less than
   * ANTICIPATE_MS ago, whose next call is likely on its way (a timer dispatches again).
   * Requests that arrived later never hold it back, so it cannot starve.
   */
  private heldBack(priority: number): boolean {
    const now = performance.now();
    this.forgetFinishedRequests(now);
    let until = 0;
    for (const [arrival, calls] of this.requests) {
      if (arrival >= priority) continue;
      if (calls.outstanding > 0) return true;
      until = Math.max(until, calls.answeredAt + ANTICIPATE_MS);
    }
    if (until === 0) return false;
    clearTimeout(this.wakeTimer);
    this.wakeTimer = setTimeout(() => this.dispatch(), until - now);
    return true;
  }

  /** Drops requests with nothing outstanding and no answer within ANTICIPATE_MS: they hold nothing back. */
  private forgetFinishedRequests(now: number): void {
    for (const [arrival, calls] of this.requests) {
      if (calls.outstanding === 0 && now - calls.answeredAt >= ANTICIPATE_MS) this.requests.delete(arrival);
    }
  }

  async close(): Promise<void> {
    clearTimeout(this.wakeTimer);
    if (!this.dead) await this.call('close').catch(() => {});
    await this.worker.terminate();
  }

  /** Prisma's driver adapter, answered on the thread by pglite-prisma-adapter. */
  adapterFactory(): SqlDriverAdapterFactory {
    return {
      provider: 'postgres',
      adapterName: ADAPTER_NAME,
      connect: async () => new ThreadAdapter(this),
    };
  }
}

class ThreadQueryable {
  readonly provider = 'postgres' as const;
  readonly adapterName = ADAPTER_NAME;
  constructor(
    protected readonly thread: PGliteThread,
    protected readonly txId?: number,
  ) {}

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return this.thread.call('queryRaw', { txId: this.txId, query });
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return this.thread.call('executeRaw', { txId: this.txId, query });
  }
}

class ThreadTransaction extends ThreadQueryable implements Transaction {
  constructor(
    thread: PGliteThread,
    txId: number,
    readonly options: TransactionOptions,
  ) {
    super(thread, txId);
  }

  commit(): Promise<void> {
    return this.thread.call('commit', { txId: this.txId });
  }

  rollback(): Promise<void> {
    return this.thread.call('rollback', { txId: this.txId });
  }
}

class ThreadAdapter extends ThreadQueryable implements SqlDriverAdapter {
  executeScript(script: string): Promise<void> {
    return this.thread.call('executeScript', { script });
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    const { txId, options } = await this.thread.call<{ txId: number; options: TransactionOptions }>(
      'startTransaction',
      { isolationLevel },
    );
    return new ThreadTransaction(this.thread, txId, options);
  }

  getConnectionInfo(): ConnectionInfo {
    return this.thread.connectionInfo;
  }

  async dispose(): Promise<void> {}
}

/** Rebuilds an error sent by the thread; Prisma recognises its own kind by name and cause. */
function toError(data: ThreadError): Error {
  const { message, driver, cause, stack: _stack, ...fields } = data;
  const error = new Error(message, driver ? { cause } : undefined);
  if (driver) error.name = 'DriverAdapterError';
  return Object.assign(error, fields);
}
