import 'server-only';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { configuredEmbeddingModel } from '@/lib/ai/embedding/configured-embedding-model';
import { EmbeddingError } from '@/lib/ai/embedding/embedding-registry';
import { config } from '@/lib/config';
import { isDatabaseUnavailable } from '@/lib/db/database-unavailable';
import { errorFields, log } from '@/lib/log';
import { claimSources, renewLeases } from './claim-sources';
import { forgetCorpusStats } from '../index/corpus-stats';
import { failSource } from './fail-source';
import { maintainIndex } from '../index/maintain-index';
import { ExtractionError } from '../formats';
import { prepareSource, type PreparedSource } from './prepare-source';
import { readContents } from '../sources/source-contents';
import { embedSlices, writePrepared, type WriteSlice } from './write-prepared';
import { FetchRefusedError } from '../fetch/fetch-url';

/**
 * Chunks embedded and written per transaction, which holds PGlite's one connection: 256
 * took about 450 ms each as a 21.5 MB page was ingested, and a request arriving meanwhile
 * waited for it (a saturating /api/ask loop: p95 535 ms, against 193 ms with 64). SciFact
 * ingests about 4% slower in groups of 64 (whole-process wall time, median of 4 pairs).
 */
const WRITE_CHUNKS = 64;

// Parsing and embedding run on the main thread: every step gives the event loop a turn,
// so a large batch never holds up requests' sockets and timers.
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export const workerId = () => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

const processOwner = workerId();

/**
 * One round of the ingest queue: claim a batch, prepare each source, and write
 * their chunks in groups, small sources sharing a transaction. Returns how
 * many sources were claimed (0 = queue empty).
 */
export async function runIngestOnce(opts: { owner?: string; limit?: number } = {}): Promise<number> {
  const c = config();
  const owner = opts.owner ?? processOwner;
  const claimed = await claimSources(owner, opts.limit ?? c.INGEST_BATCH_SOURCES, c.INGEST_LEASE_SECONDS);
  if (claimed.length === 0) return 0;
  // During a re-index new chunks get only the configured model's vectors: BM25 finds them at once,
  // vector search once the swap makes that model the active one (docs/api.md#the-embedding-model).
  const embedding = await configuredEmbeddingModel();
  // Small sources' bytes come in one query; a large file is read on its own, so a batch never holds many.
  const small = claimed.filter((s) => s.size < 1024 * 1024).map((s) => s.id);
  const contents = await readContents(small);
  const working = new Set(claimed.map((s) => s.id));
  // Heartbeat: a long PDF parse must not let the lease lapse and a second worker start the same
  // source. Five beats a lease, so a beat or two held up by a busy database loses nothing.
  const heartbeat = setInterval(
    () => {
      renewLeases(owner, [...working], c.INGEST_LEASE_SECONDS).catch(() => {});
    },
    (c.INGEST_LEASE_SECONDS * 1000) / 5,
  );
  heartbeat.unref();
  const write = (slices: WriteSlice[], embeddings: number[][]) =>
    writePrepared({ slices, embeddings, owner, leaseSeconds: c.INGEST_LEASE_SECONDS, embedding });
  // A write the database refuses fails its own source, not the batch: a group of several
  // sources is written again one source at a time. A failed source's later slices are
  // skipped by writePrepared's lease check (its status is no longer 'processing').
  const writeGroup = async (slices: WriteSlice[], embeddings: number[][]) => {
    try {
      await write(slices, embeddings);
      return;
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error; // no source's fault: the round ends, see below
      if (new Set(slices.map((s) => s.source.id)).size === 1) return failWrite(slices[0]!.source.id, error);
    }
    let at = 0;
    const bySource = new Map<string, { slices: WriteSlice[]; embeddings: number[][] }>();
    for (const s of slices) {
      const part = bySource.get(s.source.id) ?? { slices: [], embeddings: [] };
      part.slices.push(s);
      part.embeddings.push(...embeddings.slice(at, (at += s.to - s.from)));
      bySource.set(s.source.id, part);
    }
    for (const [id, part] of bySource)
      await write(part.slices, part.embeddings).catch((error: unknown) => failWrite(id, error));
  };
  const failWrite = async (id: string, error: unknown) => {
    await failSource({ id, owner, error: failureMessage(error) });
    working.delete(id);
  };
  let group: WriteSlice[] = [];
  let groupSize = 0;
  // A pipeline of two: while one group is written (on the database thread), the next is
  // parsed and embedded here. Writes stay one at a time and in order.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (group.length === 0) return;
    const slices = group;
    group = [];
    groupSize = 0;
    const embeddings = await embedSlices(slices, embedding);
    await writing;
    writing = writeGroup(slices, embeddings).then(async () => {
      for (const s of slices) if (s.to === s.source.chunks.length) working.delete(s.source.id);
      await maintainIndex({ duringIngestion: true });
    });
    writing.catch(() => {}); // awaited (and reported) by the next flush or at the end of the round
    await yieldToEventLoop();
  };
  try {
    for (const source of claimed) {
      await yieldToEventLoop();
      let prepared: PreparedSource | null;
      try {
        const content = contents.get(source.id) ?? (await readContents([source.id])).get(source.id);
        prepared = await prepareSource(source, content);
        contents.delete(source.id);
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw error;
        await failSource({ id: source.id, owner, error: failureMessage(error) });
        working.delete(source.id);
        continue;
      }
      if (!prepared) {
        working.delete(source.id);
        continue;
      }
      for (let from = 0; from < prepared.chunks.length;) {
        const to = Math.min(prepared.chunks.length, from + WRITE_CHUNKS - groupSize);
        group.push({ source: prepared, from, to });
        groupSize += to - from;
        from = to;
        if (groupSize >= WRITE_CHUNKS) await flush();
      }
    }
    await flush();
    await writing;
  } catch (error) {
    await writing.catch(() => {}); // let a write under way finish before failing what is left
    if (isDatabaseUnavailable(error)) {
      // The sources are not at fault: their leases lapse and they are claimed again once the
      // database is back (a pooler may answer again before this round would have noticed).
      log.warn('ingestion paused: the database is unavailable', errorFields(error));
      return claimed.length;
    }
    log.error('ingestion batch failed', errorFields(error));
    for (const id of working) await failSource({ id, owner, error: failureMessage(error) }).catch(() => {});
  } finally {
    clearInterval(heartbeat);
    forgetCorpusStats();
  }
  return claimed.length;
}

/** Runs rounds until the queue is empty (tests, scripts). */
export async function drainIngestQueue(opts: { owner?: string } = {}): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await runIngestOnce(opts);
    if (n === 0) return total;
    total += n;
  }
}

function failureMessage(error: unknown): string {
  if (error instanceof ExtractionError || error instanceof FetchRefusedError || error instanceof EmbeddingError)
    return error.message;
  log.warn('ingestion failed', errorFields(error));
  return 'Ingestion failed unexpectedly; see the server log.';
}
