/**
 * BM25 over character 4-grams, computed on the candidate set only. Sub-word
 * matches ("osteoinductive" ~ "inductive", "β-catenin" ~ "catenin") are what word
 * BM25 misses; scoring them on the candidates with document frequencies taken
 * from the candidates themselves needs no extra index and no ingestion cost.
 * On SciFact train, fusing this with word BM25 lifted nDCG@10 by about 0.015.
 */

const WORD = /[\p{L}\p{N}]+/gu;
const N = 4;

function gramsOf(text: string, keep?: Set<string>): { counts: Map<string, number>; length: number } {
  const counts = new Map<string, number>();
  let length = 0;
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const padded = `<${match[0]}>`;
    if (padded.length < N) {
      length++;
      if (!keep || keep.has(padded)) counts.set(padded, (counts.get(padded) ?? 0) + 1);
      continue;
    }
    for (let i = 0; i + N <= padded.length; i++) {
      length++;
      const gram = padded.slice(i, i + N);
      if (!keep || keep.has(gram)) counts.set(gram, (counts.get(gram) ?? 0) + 1);
    }
  }
  return { counts, length };
}

export function charGramScores(query: string, candidates: { id: string; text: string }[], k1 = 1.2, b = 0.75): Map<string, number> {
  const scores = new Map<string, number>();
  if (candidates.length === 0) return scores;
  const q = gramsOf(query).counts;
  const keep = new Set(q.keys());
  const docs = candidates.map((c) => ({ id: c.id, ...gramsOf(c.text, keep) }));
  const avg = docs.reduce((sum, d) => sum + d.length, 0) / docs.length || 1;
  const df = new Map<string, number>();
  for (const d of docs) for (const gram of d.counts.keys()) df.set(gram, (df.get(gram) ?? 0) + 1);
  const n = docs.length;
  for (const d of docs) {
    let score = 0;
    for (const [gram, tf] of d.counts) {
      const idf = Math.log(1 + (n - df.get(gram)! + 0.5) / (df.get(gram)! + 0.5));
      score += q.get(gram)! * idf * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * d.length) / avg)));
    }
    scores.set(d.id, score);
  }
  return scores;
}
