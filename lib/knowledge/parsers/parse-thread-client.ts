import 'server-only';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ChunkOptions } from '../index/chunk-text';
import { ExtractionError } from './extracted-document';
import type { ParseJob, ParseReply } from './parse-thread';
import { extractAndChunk, type ReadDocument } from './read-document';

const THREAD_FILE = path.join(process.cwd(), 'lib', 'knowledge', 'parsers', 'parse-thread.ts');
/** An idle thread is stopped after this long; the next file starts a new one (0.2–0.7 s). */
const IDLE_MS = 30_000;

/**
 * Files this small are read here, in a few milliseconds at most: a round trip to the
 * thread costs more than that (SciFact's 5,183 abstracts ingested about 10 % slower
 * through it).
 */
const INLINE_BYTES = 64 * 1024;

let thread: { worker: Worker; heapMb: number } | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();
let nextId = 1;

/**
 * Extracts a document's text and chunks it on a thread of its own, one file at a
 * time: the event loop stays free for requests while a large file is read (a small
 * one is read here). A file that takes longer than `timeoutMs`, or more memory than
 * the thread has, ends its thread (the next file gets a new one) and fails with an
 * ExtractionError.
 */
export function readDocument(
  bytes: Uint8Array,
  mediaType: string,
  opts: { chunking: ChunkOptions; timeoutMs: number; heapMb: number; address?: string },
): Promise<ReadDocument> {
  if (bytes.byteLength <= INLINE_BYTES) return extractAndChunk(bytes, mediaType, opts.chunking, opts.address);
  const turn = queue.then(() =>
    readOnThread({ id: nextId++, bytes, mediaType, chunking: opts.chunking, address: opts.address }, opts),
  );
  queue = turn.catch(() => {});
  return turn;
}

type Outcome = ParseReply | { failed: 'timeout' | 'memory' | 'crash'; message: string };

/** The file being read, on which thread, and how to hand it its outcome. */
let reading: { id: number; worker: Worker; settle: (outcome: Outcome) => void } | undefined;

async function readOnThread(
  job: ParseJob,
  { timeoutMs, heapMb }: { timeoutMs: number; heapMb: number },
): Promise<ReadDocument> {
  clearTimeout(idleTimer);
  if (thread && thread.heapMb !== heapMb) stopThread(thread.worker); // the setting changed
  const worker = (thread ??= { worker: startThread(heapMb), heapMb }).worker;
  worker.ref(); // a script awaiting this file must not exit under it
  let timer: NodeJS.Timeout | undefined;
  const outcome = await new Promise<Outcome>((resolve) => {
    reading = { id: job.id, worker, settle: resolve };
    timer = setTimeout(() => resolve({ failed: 'timeout', message: 'timeout' }), timeoutMs);
    worker.postMessage(job);
  });
  clearTimeout(timer);
  reading = undefined;
  if ('failed' in outcome) {
    stopThread(worker);
    if (outcome.failed === 'timeout')
      throw new ExtractionError(`Reading the file took longer than ${timeoutMs} ms (PARSE_TIMEOUT_MS).`);
    if (outcome.failed === 'memory')
      throw new ExtractionError(`Reading the file needs more than ${heapMb} MB of memory (PARSE_MAX_HEAP_MB).`);
    throw new Error(outcome.message);
  }
  worker.unref();
  idleTimer = setTimeout(() => stopThread(worker), IDLE_MS).unref();
  if ('error' in outcome) {
    if (outcome.error.extraction) throw new ExtractionError(outcome.error.message);
    throw Object.assign(new Error(outcome.error.message), { stack: outcome.error.stack });
  }
  return { title: outcome.title, chunks: outcome.chunks };
}

function stopThread(worker: Worker): void {
  if (thread?.worker === worker) thread = undefined;
  void worker.terminate();
}

function startThread(heapMb: number): Worker {
  const worker = new Worker(THREAD_FILE, {
    execArgv: ['--conditions=react-server', '--import', 'tsx'],
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
  const settle = (outcome: Outcome) => reading?.worker === worker && reading.settle(outcome);
  worker.on('message', (reply: ParseReply) => reading?.id === reply.id && settle(reply));
  // A thread that fails to start, runs out of memory or dies fails the file it was reading.
  worker.on('error', (error: Error & { code?: string }) =>
    settle({ failed: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash', message: error.message }),
  );
  worker.on('exit', (code) => {
    if (thread?.worker === worker) thread = undefined;
    settle({ failed: 'crash', message: `The document thread exited (code ${code}).` });
  });
  worker.unref();
  return worker;
}
