// Search latency at scale: N synthetic chunks (default 100,000) in twenty collections, written
// straight into a fresh database (bench/scale-corpus.ts), then timed through the real
// searchKnowledge: unrestricted, then by a caller who reads one collection (bench/filtered-search.ts).
// Then the sources list at 100,000 sources. Prints one JSON line. Run by bench/knowledge.ts with
// DATABASE_URL pointing at a database of its own (PGlite, or a PostgreSQL one with BENCH_DATABASE_URL).
import { closeDatabase, prisma } from '@/lib/db';
import { forgetCorpusStats } from '@/lib/knowledge/index';
import { listSources } from '@/lib/knowledge/sources';
import { searchKnowledge } from '@/lib/knowledge/search';
import { sourceSortSchema } from '@/lib/schemas/knowledge';
import { buildScaleCorpus, COLLECTIONS, queriesFrom } from './scale-corpus';
import { filteredSearch } from './filtered-search';
import { percentile } from './scifact-data';

const total = Number(process.argv[2] ?? 100_000);

const db = await prisma();
const { collectionIds, samples, buildSeconds } = await buildScaleCorpus(total, (line) =>
  process.stderr.write(`${line}\n`),
);
process.stderr.write(`  scale: built ${total} chunks in ${buildSeconds.toFixed(0)} s\n`);

// Unrestricted, as an admin searches: queries from the first five chunks of each source, in order.
forgetCorpusStats();
const texts = Array.from({ length: Math.min(500, total / 200) }, (_, i) => {
  const source = Math.floor(i / 5);
  return samples[source % COLLECTIONS]![5 * Math.floor(source / COLLECTIONS) + (i % 5)]!;
});
const queries = queriesFrom(texts, 220);
const latencies: number[] = [];
for (const [i, q] of queries.entries()) {
  const t = performance.now();
  await searchKnowledge({ query: q, k: 8 });
  if (i >= 20) latencies.push(performance.now() - t);
}

const filtered = await filteredSearch(collectionIds, samples);

// The admin's sources list at 100,000 sources: every order both ways, a first page and the
// next, and searches by title, file name and URL. The sources are plain rows (no chunks).
const SOURCES = 100_000;
const existing = await db.source.count();
await db.$executeRawUnsafe(`
  INSERT INTO sources (id, collection_id, title, kind, media_type, size, filename, uri, status, chunk_count, created_at, updated_at)
  SELECT gen_random_uuid(), '${collectionIds[0]}'::uuid, 'Report ' || g || ' on ' || (ARRAY['budgets', 'hiring', 'security', 'travel', 'vendors'])[1 + g % 5] || ' ' || md5(g::text),
    (ARRAY['text', 'file', 'url'])[1 + g % 3]::"SourceKind", 'text/plain', (g * 7919) % 1000000,
    CASE WHEN g % 3 = 1 THEN 'report-' || g || '.pdf' END, CASE WHEN g % 3 = 2 THEN 'https://intranet.example/reports/' || g END,
    (ARRAY['ready', 'ready', 'ready', 'failed'])[1 + g % 4]::"SourceStatus", g % 50,
    now() - g * interval '1 second', now()
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
    ...filtered,
  }),
);
