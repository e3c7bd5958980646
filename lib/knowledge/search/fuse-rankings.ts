/**
 * Weighted sum of max-normalised scores from several rankers (BM25, character
 * n-gram BM25, vector cosine). On SciFact train this beat reciprocal rank fusion:
 * RRF throws away how far ahead the best match is. A ranker that did not score a
 * chunk contributes 0 for it.
 */
export function fuseScores(channels: { scores: Map<string, number>; weight: number }[]): Map<string, number> {
  const fused = new Map<string, number>();
  for (const { scores, weight } of channels) {
    if (weight <= 0 || scores.size === 0) continue;
    const max = Math.max(...scores.values());
    if (!(max > 0)) continue;
    for (const [id, score] of scores) fused.set(id, (fused.get(id) ?? 0) + (weight * Math.max(0, score)) / max);
  }
  return fused;
}
