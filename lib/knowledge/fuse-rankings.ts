import type { Ranked } from './search-lexical';

/**
 * Convex combination of max-normalised scores. On SciFact train this beat
 * reciprocal rank fusion: RRF throws away how far ahead the best lexical match is.
 * A retriever that did not return a chunk contributes 0 for it.
 */
export function fuseRankings(lexical: Ranked[], vector: Ranked[], vectorWeight: number): Ranked[] {
  const fused = new Map<string, number>();
  const add = (list: Ranked[], weight: number) => {
    if (weight <= 0 || list.length === 0) return;
    const max = Math.max(...list.map((r) => r.score));
    if (!(max > 0)) return;
    for (const r of list) fused.set(r.chunkId, (fused.get(r.chunkId) ?? 0) + (weight * Math.max(0, r.score)) / max);
  };
  add(lexical, 1 - vectorWeight);
  add(vector, vectorWeight);
  return [...fused.entries()].map(([chunkId, score]) => ({ chunkId, score })).sort((a, b) => b.score - a.score);
}
