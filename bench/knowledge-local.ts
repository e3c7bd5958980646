// In-process variant of the knowledge benchmark for tuning (no server): ingests SciFact with
// the real queue and worker code into the database named by DATABASE_URL, then scores the
// train and test queries through searchKnowledge with the configured or given settings.
//   DATABASE_URL=pglite:/tmp/scifact node --conditions=react-server --import tsx bench/knowledge-local.ts [gramWeight vectorWeight phraseWeight]
import { closeDatabase, prisma } from '@/lib/db';
import { createSources } from '@/lib/knowledge/sources';
import { drainIngestQueue } from '@/lib/knowledge/ingest';
import { maintainIndex } from '@/lib/knowledge/index';
import { searchKnowledge } from '@/lib/knowledge/search';
import type { SearchSettings } from '@/lib/knowledge/search';
import { loadScifact, ndcgAt10, percentile, recallAt100 } from './scifact-data';

const { corpus, queries, qrels } = loadScifact();
const db = await prisma();
if ((await db.source.count()) === 0) {
  const t0 = performance.now();
  let bytes = 0;
  for (let i = 0; i < corpus.length; i += 1000) {
    const part = corpus.slice(i, i + 1000);
    await createSources(
      part.map((d) => {
        bytes += Buffer.byteLength(d.title) + Buffer.byteLength(d.text);
        return {
          kind: 'text',
          title: d.title || d._id,
          mediaType: 'text/markdown',
          data: new TextEncoder().encode(d.text || d.title),
          metadata: { _id: d._id },
        };
      }),
    );
  }
  await drainIngestQueue();
  const s = (performance.now() - t0) / 1000;
  const chunks = await db.chunk.count();
  await maintainIndex({ force: true });
  console.log(
    `ingested ${(bytes / 1e6).toFixed(2)} MB in ${s.toFixed(1)} s: ${(bytes / 1e6 / s).toFixed(2)} MB/s, ${(chunks / s).toFixed(0)} chunks/s (${chunks} chunks)`,
  );
}
const docOf = new Map(
  (await db.source.findMany({ select: { id: true, metadata: true } })).map((s) => [
    s.id,
    (s.metadata as { _id: string })._id,
  ]),
);
const settings: Partial<SearchSettings> = {};
if (process.argv[2]) settings.gramWeight = Number(process.argv[2]);
if (process.argv[3]) settings.vectorWeight = Number(process.argv[3]);
if (process.argv[4]) settings.phraseWeight = Number(process.argv[4]);
for (const split of ['train', 'test'] as const) {
  const judged = qrels(split);
  let ndcg = 0;
  let recall = 0;
  const times: number[] = [];
  for (const [qid, relevant] of judged) {
    const t = performance.now();
    const hits = await searchKnowledge({ query: queries.get(qid) ?? '', k: 100, settings });
    times.push(performance.now() - t);
    const ranked: string[] = [];
    for (const h of hits) {
      const doc = docOf.get(h.sourceId);
      if (doc && !ranked.includes(doc)) ranked.push(doc);
    }
    ndcg += ndcgAt10(ranked, relevant);
    recall += recallAt100(ranked, relevant);
  }
  console.log(
    `${split}: nDCG@10 ${(ndcg / judged.size).toFixed(4)} Recall@100 ${(recall / judged.size).toFixed(4)} p50 ${percentile(times, 50).toFixed(1)} ms p95 ${percentile(times, 95).toFixed(1)} ms`,
  );
}
await closeDatabase();
