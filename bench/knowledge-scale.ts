// Search latency at scale: N synthetic chunks (default 100,000) written straight into a
// fresh embedded database with the ingestion code's own storeChunks (indexes built after
// the bulk load, as a restore would), then timed through the real searchKnowledge.
// Then the sources list at 100,000 sources. Prints one JSON line. Run by bench/knowledge.ts with DATABASE_URL pointing at a temp dir.
import { embedMany } from 'ai';
import { LOCAL_EMBEDDING_DIMENSIONS, resolveEmbeddingModel } from '@/lib/ai/embedding/embedding-registry';
import { defaultCollectionId } from '@/lib/collections/default-collection';
import { closeDatabase, prisma } from '@/lib/db';
import { forgetCorpusStats } from '@/lib/knowledge/index';
import { listSources } from '@/lib/knowledge/sources';
import { maintainIndex } from '@/lib/knowledge/index';
import { searchKnowledge } from '@/lib/knowledge/search';
import { storeChunks } from '@/lib/knowledge/index';
import { sourceSortSchema } from '@/lib/schemas/knowledge';
import { percentile } from './scifact-data';

const total = Number(process.argv[2] ?? 100_000);
const PER_SOURCE = 1000;
const BATCH = 1000;
const WORDS_PER_CHUNK = 90;

// A deterministic pseudo-language with a Zipf-like word distribution; the head of the
// curve is cut off because real text loses its most frequent words to the stop list.
let seed = 42;
const random = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
const syllables = [
  'ka',
  'lo',
  'mi',
  'ren',
  'tas',
  'vo',
  'qui',
  'ber',
  'nal',
  'dor',
  'fe',
  'sim',
  'gra',
  'tul',
  'pex',
  'zon',
  'hal',
  'mor',
];
const vocab = Array.from({ length: 40_000 }, (_, i) => {
  let w = '';
  for (let n = i + 7; n > 0; n = Math.floor(n / syllables.length)) w += syllables[n % syllables.length];
  return w;
});
const HEAD = 150;
const word = () =>
  vocab[
    Math.min(vocab.length - 1, Math.floor(HEAD * Math.exp(random() * Math.log((vocab.length + HEAD) / HEAD))) - HEAD)
  ]!;
const sentence = (n: number) => Array.from({ length: n }, word).join(' ');

const db = await prisma();
const { model, id: modelId } = resolveEmbeddingModel('local');
const t0 = performance.now();
await db.$executeRawUnsafe('ALTER TABLE chunk_terms DROP CONSTRAINT chunk_terms_pkey');
const vectorIndex = `chunks_embedding_${modelId.replaceAll('-', '_')}_idx`;
await db.$executeRawUnsafe(`DROP INDEX ${vectorIndex}`);
const texts: string[] = [];
const collectionId = await defaultCollectionId();
for (let start = 0; start < total; start += BATCH) {
  const count = Math.min(BATCH, total - start);
  const source = await db.source.create({
    data: {
      title: `Synthetic ${start / PER_SOURCE}`,
      kind: 'text',
      mediaType: 'text/plain',
      status: 'ready',
      generation: 1,
      chunkCount: count,
      collectionId,
    },
  });
  const batch = Array.from(
    { length: count },
    () => `${sentence(WORDS_PER_CHUNK / 3)}. ${sentence(WORDS_PER_CHUNK / 3)}. ${sentence(WORDS_PER_CHUNK / 3)}.`,
  );
  if (texts.length < 500) texts.push(...batch.slice(0, 5));
  const { embeddings } = await embedMany({ model, values: batch });
  await db.$transaction(
    (tx) =>
      storeChunks(
        tx,
        batch.map((text, i) => ({
          sourceId: source.id,
          generation: 1,
          ordinal: i,
          text,
          tokenCount: WORDS_PER_CHUNK,
          location: { start: 0, end: text.length },
          context: source.title,
          embedding: embeddings[i]!,
        })),
        modelId,
      ),
    { timeout: 600_000 },
  );
  if ((start / BATCH) % 10 === 0)
    process.stderr.write(`  scale: ${start + count} chunks (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
}
await db.$executeRawUnsafe(
  'ALTER TABLE chunk_terms ADD CONSTRAINT chunk_terms_pkey PRIMARY KEY (term, chunk_seq) INCLUDE (tf, dl)',
);
await db.$executeRawUnsafe(
  `CREATE INDEX ${vectorIndex} ON chunks USING hnsw ((embedding::vector(${LOCAL_EMBEDDING_DIMENSIONS})) vector_cosine_ops) WITH (m = 8, ef_construction = 32) WHERE embedding_model = '${modelId}'`,
);
// What the ingest worker does when it goes idle (lib/knowledge/index/maintain-index.ts).
await maintainIndex({ force: true });
const buildSeconds = (performance.now() - t0) / 1000;
process.stderr.write(`  scale: built ${total} chunks in ${buildSeconds.toFixed(0)} s\n`);

// Queries: a handful of words from an existing chunk, like a user's keywords.
forgetCorpusStats();
const queries = Array.from({ length: 220 }, (_, i) => {
  const words = texts[i % texts.length]!.replace(/\./g, '').split(' ');
  const from = Math.floor(random() * (words.length - 8));
  return words.slice(from, from + 4 + (i % 5)).join(' ');
});
const latencies: number[] = [];
for (const [i, q] of queries.entries()) {
  const t = performance.now();
  await searchKnowledge({ query: q, k: 8 });
  if (i >= 20) latencies.push(performance.now() - t);
}

// The admin's sources list at 100,000 sources: every order both ways, a first page and the
// next, and searches by title, file name and URL. The sources are plain rows (no chunks).
const SOURCES = 100_000;
const existing = await db.source.count();
await db.$executeRawUnsafe(`
  INSERT INTO sources (id, title, kind, media_type, size, filename, uri, status, chunk_count, created_at, updated_at, collection_id)
  SELECT gen_random_uuid(), 'Report ' || g || ' on ' || (ARRAY['budgets', 'hiring', 'security', 'travel', 'vendors'])[1 + g % 5] || ' ' || md5(g::text),
    (ARRAY['text', 'file', 'url'])[1 + g % 3]::"SourceKind", 'text/plain', (g * 7919) % 1000000,
    CASE WHEN g % 3 = 1 THEN 'report-' || g || '.pdf' END, CASE WHEN g % 3 = 2 THEN 'https://intranet.example/reports/' || g END,
    (ARRAY['ready', 'ready', 'ready', 'failed'])[1 + g % 4]::"SourceStatus", g % 50,
    now() - g * interval '1 second', now(), '${collectionId}'::uuid
  FROM generate_series(1, ${SOURCES - existing}) g`);
await db.$executeRawUnsafe('ANALYZE sources');
const listings: Parameters<typeof listSources>[0][] = [
  ...sourceSortSchema.options.map((sort) => ({ limit: 50, sort })),
  ...['report 123', 'security', 'REPORT-4567.PDF', 'intranet.example/reports/99', 'no such words'].map((q) => ({
    limit: 50,
    q,
  })),
  { limit: 50, status: 'failed' as const, sort: 'title' as const },
];
const listLatencies: number[] = [];
for (let round = 0; round < 6; round++) {
  for (const options of listings) {
    let t = performance.now();
    const page = await listSources(options);
    if (round > 0) listLatencies.push(performance.now() - t);
    if (!page.nextCursor) continue;
    t = performance.now();
    await listSources({ ...options, cursor: page.nextCursor });
    if (round > 0) listLatencies.push(performance.now() - t);
  }
}

await closeDatabase();
console.log(
  JSON.stringify({
    chunks: total,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    buildSeconds,
    sources: SOURCES,
    sourcesListP50Ms: percentile(listLatencies, 50),
    sourcesListP95Ms: percentile(listLatencies, 95),
  }),
);
