/** What a rerank counts in one candidate: how often each of the query's units occurs, and its length in units. */
export interface UnitCounts {
  id: string;
  counts: Map<string, number>;
  length: number;
}

/**
 * BM25 over the candidates alone, their document frequencies taken among them: the reranks'
 * scoring of the units they count (character grams, word pairs), with no index behind it.
 */
export function candidateBm25(
  query: Map<string, number>,
  docs: UnitCounts[],
  k1: number,
  b: number,
): Map<string, number> {
  const avg = docs.reduce((sum, d) => sum + d.length, 0) / docs.length || 1;
  const df = new Map<string, number>();
  for (const d of docs) for (const unit of d.counts.keys()) df.set(unit, (df.get(unit) ?? 0) + 1);
  const n = docs.length;
  const scores = new Map<string, number>();
  for (const d of docs) {
    let score = 0;
    for (const [unit, tf] of d.counts) {
      const idf = Math.log(1 + (n - df.get(unit)! + 0.5) / (df.get(unit)! + 0.5));
      score += (query.get(unit) ?? 0) * idf * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * d.length) / avg)));
    }
    scores.set(d.id, score);
  }
  return scores;
}
