// Filtered search at scale, in the 100,000-chunk stage (bench/knowledge-scale.ts): a caller who
// reads one collection of twenty, 5 % of the chunks. Half the queries come from its chunks, half
// from the others' (what it may not read answers them best). Each is searched three ways, one
// after the other so that the machine's noise falls on all three alike: as searchKnowledge
// chooses; through the HNSW index and the lexical ranking walked best first (what it chooses
// for a large scope); and the reference, the same hybrid scoring with every readable chunk's
// distance measured (exact). Figures: latency of the first two, and how often their top 10
// equal the reference's, in order.
import { prisma } from '@/lib/db';
import { searchKnowledge } from '@/lib/knowledge/search';
import { queriesFrom } from './scale-corpus';
import { percentile } from './scifact-data';

const WARM_UP = 10;

export async function filteredSearch(collectionIds: string[], samples: string[][]): Promise<Record<string, number>> {
  const db = await prisma();
  const reach = { all: false as const, collectionIds: [collectionIds[1]!] };
  const inside = queriesFrom(samples[1]!, 100);
  const outside = queriesFrom(samples.slice(2).flat(), 100);
  const queries = inside.flatMap((q, i) => [q, outside[i]!]);
  const ways = { chosen: {}, index: { exactVectorChunks: 0 } };
  const latencies = { chosen: [] as number[], index: [] as number[] };
  const equal = { chosen: 0, index: 0 };
  const top10 = async (query: string, settings: object) =>
    (await searchKnowledge({ query, k: 10, reach, settings })).map((h) => h.chunkId).join();
  for (const [i, query] of queries.entries()) {
    const reference = await top10(query, { exactVectorChunks: Infinity });
    for (const [way, settings] of Object.entries(ways) as [keyof typeof ways, object][]) {
      const t = performance.now();
      const ids = await top10(query, settings);
      if (i >= WARM_UP) latencies[way].push(performance.now() - t);
      if (ids === reference) equal[way]++;
    }
  }
  const [row] = await db.$queryRaw<{ chunks: number }[]>`
    SELECT sum(chunk_count)::int AS chunks FROM sources WHERE collection_id = ${reach.collectionIds[0]}::uuid`;
  return {
    filteredReadableChunks: row?.chunks ?? 0,
    filteredP50Ms: percentile(latencies.chosen, 50),
    filteredP95Ms: percentile(latencies.chosen, 95),
    filteredTop10Exact: equal.chosen / queries.length,
    filteredIndexP50Ms: percentile(latencies.index, 50),
    filteredIndexP95Ms: percentile(latencies.index, 95),
    filteredIndexTop10Exact: equal.index / queries.length,
  };
}
