// Knowledge benchmark, called by bench/run.ts with a running server:
// SciFact (BEIR) ingested through the HTTP API with the default local embedding model,
// nDCG@10 and Recall@100 on the test queries (documents ranked by their best chunk),
// ingestion throughput, search latency through HTTP, and search latency at 100,000
// chunks (synthetic corpus, in a separate process: see bench/knowledge-scale.ts).
import { runInOwnProcess } from './fresh-database';
import { loadScifact, ndcgAt10, percentile, recallAt100 } from './scifact-data';

interface Options {
  baseUrl: string;
  adminKey: string;
  log: (line: string) => void;
}

const BATCH_SOURCES = 1000;
const BATCH_BYTES = 4 * 1024 * 1024;

export async function runKnowledgeBench({ baseUrl, adminKey, log }: Options): Promise<Record<string, number>> {
  const { corpus, queries, qrels } = loadScifact();
  const auth = { authorization: `Bearer ${adminKey}` };
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };

  // 1. Ingest through the API: bulk JSON requests, then wait until the queue is empty.
  const docOf = new Map<string, string>();
  let bytes = 0;
  const started = performance.now();
  let batch: { title: string; text: string; metadata: { _id: string } }[] = [];
  let batchBytes = 0;
  const send = async () => {
    if (!batch.length) return;
    const sent = batch;
    batch = [];
    batchBytes = 0;
    const { data } = (await call('POST', '/api/knowledge/sources', { sources: sent })) as { data: { id: string }[] };
    data.forEach((s, i) => docOf.set(s.id, sent[i]!.metadata._id));
  };
  for (const doc of corpus) {
    const item = { title: doc.title || doc._id, text: doc.text || doc.title, metadata: { _id: doc._id } };
    const size = Buffer.byteLength(item.title) + Buffer.byteLength(item.text);
    bytes += size;
    if (batch.length >= BATCH_SOURCES || batchBytes + size > BATCH_BYTES) await send();
    batch.push(item);
    batchBytes += size + 64;
  }
  await send();
  const accepted = performance.now();
  log(
    `queued ${corpus.length} sources (${(bytes / 1e6).toFixed(2)} MB of text) in ${((accepted - started) / 1000).toFixed(1)} s`,
  );
  for (;;) {
    const pending = (await call('GET', '/api/knowledge/sources?status=pending&limit=1')) as { data: unknown[] };
    const processing = (await call('GET', '/api/knowledge/sources?status=processing&limit=1')) as { data: unknown[] };
    if (pending.data.length === 0 && processing.data.length === 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const ingestSeconds = (performance.now() - started) / 1000;
  let chunks = 0;
  let failed = 0;
  for (let cursor: string | null = null; ;) {
    const page = (await call('GET', `/api/knowledge/sources?limit=100${cursor ? `&cursor=${cursor}` : ''}`)) as {
      data: { chunkCount: number; status: string }[];
      nextCursor: string | null;
    };
    for (const s of page.data) {
      chunks += s.chunkCount;
      if (s.status === 'failed') failed++;
    }
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  log(
    `ingested in ${ingestSeconds.toFixed(1)} s: ${(bytes / 1e6 / ingestSeconds).toFixed(2)} MB/s, ${(chunks / ingestSeconds).toFixed(0)} chunks/s, ${chunks} chunks, ${failed} failed`,
  );

  // 2. Quality on the test queries, through the same HTTP search the assistant uses.
  const test = qrels('test');
  const latencies: number[] = [];
  let ndcg = 0;
  let recall = 0;
  for (const [qid, relevant] of test) {
    const t0 = performance.now();
    const { data } = (await call(
      'GET',
      `/api/knowledge/search?${new URLSearchParams({ q: queries.get(qid) ?? '', k: '100' })}`,
    )) as {
      data: { sourceId: string; score: number }[];
    };
    latencies.push(performance.now() - t0);
    // Max-pool chunks to documents: hits come best first, so the first hit of a document is its best.
    const ranked: string[] = [];
    for (const hit of data) {
      const doc = docOf.get(hit.sourceId);
      if (doc && !ranked.includes(doc)) ranked.push(doc);
    }
    ndcg += ndcgAt10(ranked, relevant);
    recall += recallAt100(ranked, relevant);
  }
  const figures: Record<string, number> = {
    scifactNdcg10: ndcg / test.size,
    scifactRecall100: recall / test.size,
    ingestMBps: bytes / 1e6 / ingestSeconds,
    ingestChunksPerSec: chunks / ingestSeconds,
    ingestSeconds,
    chunks,
    failedSources: failed,
    searchP50Ms: percentile(latencies, 50),
    searchP95Ms: percentile(latencies, 95),
  };
  log(
    `SciFact test: nDCG@10 ${figures.scifactNdcg10!.toFixed(4)}, Recall@100 ${figures.scifactRecall100!.toFixed(4)}; search p50 ${figures.searchP50Ms!.toFixed(1)} ms, p95 ${figures.searchP95Ms!.toFixed(1)} ms`,
  );

  // 3. Search latency at 100,000 chunks, in its own process and database (BENCH_SCALE=0 skips it,
  // for runs that compare ingestion alone, such as BENCH_WORKERS=0/1/3).
  if (process.env.BENCH_SCALE === '0') return figures;
  try {
    const result = await runInOwnProcess('knowledge-scale.ts', 'bench_scale');
    for (const [k, v] of Object.entries(result)) figures[`scale${k[0]!.toUpperCase()}${k.slice(1)}`] = v;
    log(`at ${result.chunks} chunks: search p50 ${result.p50Ms?.toFixed(1)} ms, p95 ${result.p95Ms?.toFixed(1)} ms`);
    log(
      `reading ${result.filteredReadableChunks} of them (5 %): search p50 ${result.filteredP50Ms?.toFixed(1)} ms, p95 ${result.filteredP95Ms?.toFixed(1)} ms, top 10 as exact search ${((result.filteredTop10Exact ?? 0) * 100).toFixed(1)} % (through the index: p95 ${result.filteredIndexP95Ms?.toFixed(1)} ms, ${((result.filteredIndexTop10Exact ?? 0) * 100).toFixed(1)} %)`,
    );
    log(
      `at ${result.sources} sources: sources list p50 ${result.sourcesListP50Ms?.toFixed(1)} ms, p95 ${result.sourcesListP95Ms?.toFixed(1)} ms`,
    );
  } catch (error) {
    log(`scale benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return figures;
}
