import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface ScifactDoc {
  _id: string;
  title: string;
  text: string;
}

/** ../shared/bench/scifact beside the repository (CI clones put shared/ there too). */
export function scifactDir(): string {
  const dir = path.resolve(import.meta.dirname, '..', '..', 'shared', 'bench', 'scifact');
  if (!existsSync(path.join(dir, 'corpus.jsonl'))) throw new Error(`SciFact not found at ${dir}`);
  return dir;
}

export function loadScifact(dir = scifactDir()) {
  const lines = (file: string) => readFileSync(path.join(dir, file), 'utf8').trim().split('\n');
  const corpus = lines('corpus.jsonl').map((l) => JSON.parse(l) as ScifactDoc);
  const queries = new Map(
    lines('queries.jsonl')
      .map((l) => JSON.parse(l) as { _id: string; text: string })
      .map((q) => [q._id, q.text]),
  );
  const qrels = (split: 'train' | 'test') => {
    const out = new Map<string, Set<string>>();
    for (const line of lines(`qrels/${split}.tsv`).slice(1)) {
      const [q, d, score] = line.split('\t');
      if (!q || !d || Number(score) <= 0) continue;
      if (!out.has(q)) out.set(q, new Set());
      out.get(q)!.add(d);
    }
    return out;
  };
  return { corpus, queries, qrels };
}

/** nDCG@10 with binary gains and the ideal DCG from the judgements. */
export function ndcgAt10(ranked: string[], relevant: Set<string>): number {
  let dcg = 0;
  ranked.slice(0, 10).forEach((id, i) => {
    if (relevant.has(id)) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(10, relevant.size); i++) ideal += 1 / Math.log2(i + 2);
  return ideal > 0 ? dcg / ideal : 0;
}

export function recallAt100(ranked: string[], relevant: Set<string>): number {
  const top = new Set(ranked.slice(0, 100));
  let hits = 0;
  for (const id of relevant) if (top.has(id)) hits++;
  return relevant.size ? hits / relevant.size : 0;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}
