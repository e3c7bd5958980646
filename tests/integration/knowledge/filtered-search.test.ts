import { randomUUID } from 'node:crypto';
import { embedMany } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveEmbeddingModel } from '@/lib/ai/embedding/embedding-registry';
import { getDatabase, prisma } from '@/lib/db';
import { forgetCorpusStats } from '@/lib/knowledge/index';
import { searchKnowledge } from '@/lib/knowledge/search';
import { seedSource } from './seed-chunks';

const collection = async (name: string) =>
  (await (await prisma()).collection.create({ data: { name: `${name} ${randomUUID()}` } })).id;

// Made-up words, so that nothing else in the database holds them; from a seeded generator, so the
// corpus (and whether an open passage happens to rank among the hidden ones) is the same every run.
let seed = 0x9e3779b9;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const made = () => Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('');

const cosine = (a: number[], b: number[]) => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
};

/**
 * A readable collection of 80 passages that each say some of the query's words, and a hidden one
 * of 120 that say all of them, again and again: every one of the unrestricted search's best
 * passages, lexical or by vector, is hidden, so a filter applied after ranking keeps nothing.
 */
async function seedCorpus() {
  const words = Array.from({ length: 12 }, made);
  const [open, hidden] = [await collection('open'), await collection('hidden')];
  const openTexts = Array.from(
    { length: 80 },
    (_, i) => `${words.filter((_, w) => (i >> (w % 7)) & 1 || w === i % 12).join(' ')} ${i}`,
  );
  await seedSource({ title: 'Open', texts: openTexts.slice(0, 40), collectionId: open });
  await seedSource({ title: 'Open too', texts: openTexts.slice(40), collectionId: open });
  const hiddenTexts = Array.from({ length: 120 }, (_, i) => `${words.join(' ')} ${words.slice(0, 6).join(' ')} ${i}`);
  await seedSource({ title: 'Hidden', texts: hiddenTexts, collectionId: hidden });
  forgetCorpusStats();
  return { words, open, hidden, openTexts, query: words.slice(0, 5).join(' ') };
}

afterEach(() => vi.restoreAllMocks());

describe('search restricted to the collections a caller reads', { timeout: 90_000 }, () => {
  it('ranks the readable passages by their exact similarity, where a filter after ranking would keep none', async () => {
    const { open, openTexts, query } = await seedCorpus();
    const reach = { all: false as const, collectionIds: [open] };
    // The vector alone decides, from 20 candidates a leg: the k best must be the k nearest of the
    // 80, measured one by one here.
    const settings = {
      vectorWeight: 1,
      gramWeight: 0,
      phraseWeight: 0,
      minSimilarity: -1,
      minScore: 0,
      candidates: 20,
    };
    const { model } = resolveEmbeddingModel('local');
    const { embeddings } = await embedMany({ model, values: [query, ...openTexts] });
    const [q, ...vectors] = embeddings;
    const nearest = openTexts
      .map((text, i) => ({ text, similarity: cosine(q!, vectors[i]!) }))
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, 10);
    const hits = await searchKnowledge({ query, k: 10, reach, settings });
    expect(hits.map((h) => h.text)).toEqual(nearest.map((n) => n.text));

    const everything = await searchKnowledge({ query, k: 10, settings });
    expect(everything.every((h) => h.title === 'Hidden')).toBe(true);
  });

  it('measures a scope of up to the threshold in full and walks the index above it, both keeping to what may be read', async () => {
    const { open, query } = await seedCorpus();
    const reach = { all: false as const, collectionIds: [open] };
    const db = await getDatabase();
    const query$ = vi.spyOn(db, 'query');
    const search = async (exactVectorChunks: number) => {
      query$.mockClear();
      const hits = await searchKnowledge({ query, k: 10, reach, settings: { exactVectorChunks } });
      const ranking = query$.mock.calls.find(([sql]) => sql.text.includes('vec AS MATERIALIZED'));
      return { titles: hits.map((h) => h.title), sql: ranking![0].text, local: ranking![1] ?? {} };
    };
    // 80 readable chunks: measured in full at a threshold of 80, through the index at 79.
    const exact = await search(80);
    // The index serves `ORDER BY` the distance to the query, and nothing else.
    const walksIndex = /ORDER BY c\.embedding::vector\(\d+\) <=>/;
    expect(exact.sql).not.toMatch(walksIndex);
    expect(exact.local).not.toHaveProperty('hnsw.iterative_scan');
    const indexed = await search(79);
    expect(indexed.sql).toMatch(walksIndex);
    expect(indexed.local).toHaveProperty('hnsw.iterative_scan');
    // The index is approximate (which of the readable passages it finds may differ), but both
    // fill the k best with readable ones.
    for (const { titles } of [exact, indexed]) {
      expect(titles).toHaveLength(10);
      expect(titles.every((t) => t.startsWith('Open'))).toBe(true);
    }
    // Unrestricted search never counts: it walks the index as before.
    query$.mockClear();
    await searchKnowledge({ query, k: 10, settings: { exactVectorChunks: 1e9 } });
    expect(query$.mock.calls.filter(([sql]) => walksIndex.test(sql.text))).toHaveLength(1);
  });
});
