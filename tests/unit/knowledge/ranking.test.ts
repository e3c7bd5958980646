import { embedMany } from 'ai';
import { describe, expect, it } from 'vitest';
import { createLocalEmbeddingModel, LOCAL_EMBEDDING_DIMENSIONS } from '@/lib/ai/embedding/local-embedding-model';
import { fuseScores } from '@/lib/knowledge/search';
import { charGramScores } from '@/lib/knowledge/search';
import { phraseScores } from '@/lib/knowledge/search';

const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe('local embedding model', () => {
  it('is an AI SDK v4 embedding model: deterministic, normalised, fixed dimension', async () => {
    const model = createLocalEmbeddingModel();
    expect(model.specificationVersion).toBe('v4');
    const values = [
      'Sea otters crack shellfish with stones.',
      'Otters use stones to open shellfish.',
      'Basalt lava flows from shield volcanoes.',
    ];
    const { embeddings } = await embedMany({ model, values });
    const again = await embedMany({ model, values });
    expect(again.embeddings).toEqual(embeddings);
    for (const e of embeddings) {
      expect(e).toHaveLength(LOCAL_EMBEDDING_DIMENSIONS);
      expect(Math.abs(cosine(e, e) - 1)).toBeLessThan(1e-5);
    }
    expect(cosine(embeddings[0]!, embeddings[1]!)).toBeGreaterThan(cosine(embeddings[0]!, embeddings[2]!) + 0.2);
  });
});

describe('fusion and the character n-gram rerank', () => {
  it('fuses max-normalised scores with weights; a missing score counts 0', () => {
    const fused = fuseScores([
      {
        scores: new Map([
          ['a', 10],
          ['b', 5],
        ]),
        weight: 0.5,
      },
      {
        scores: new Map([
          ['b', 0.9],
          ['c', 0.3],
        ]),
        weight: 0.5,
      },
    ]);
    expect(fused.get('a')).toBeCloseTo(0.5);
    expect(fused.get('b')).toBeCloseTo(0.75);
    expect(fused.get('c')).toBeCloseTo(0.5 / 3);
  });

  it('scores sub-word matches that word BM25 misses', () => {
    const scores = charGramScores('osteoinductive biomaterials', [
      { id: 'match', text: 'Materials that are inductive for bone: an osteoinductive scaffold.' },
      { id: 'other', text: 'Volcanic eruptions in Iceland.' },
    ]);
    expect(scores.get('match')!).toBeGreaterThan(0);
    expect(scores.get('other')!).toBe(0);
  });

  it('scores any script exactly as the plain definition does (words of letters and digits, padded 4-grams)', () => {
    // The definition, written plainly: the scorer's fast path must agree with it on every text.
    const reference = (query: string, docs: { id: string; text: string }[], k1 = 1.2, b = 0.75) => {
      const grams = (text: string) => {
        const counts = new Map<string, number>();
        let length = 0;
        for (const [word] of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
          const padded = `<${word}>`;
          const list =
            padded.length < 4 ? [padded] : Array.from({ length: padded.length - 3 }, (_, i) => padded.slice(i, i + 4));
          for (const g of list) counts.set(g, (counts.get(g) ?? 0) + 1);
          length += list.length;
        }
        return { counts, length };
      };
      const q = grams(query).counts;
      const parsed = docs.map((d) => ({ id: d.id, ...grams(d.text) }));
      const avg = parsed.reduce((sum, d) => sum + d.length, 0) / parsed.length || 1;
      const df = new Map<string, number>();
      for (const d of parsed) for (const g of d.counts.keys()) if (q.has(g)) df.set(g, (df.get(g) ?? 0) + 1);
      return new Map(
        parsed.map((d) => {
          let score = 0;
          for (const [g, tf] of d.counts) {
            if (!q.has(g)) continue;
            const idf = Math.log(1 + (parsed.length - df.get(g)! + 0.5) / (df.get(g)! + 0.5));
            score += q.get(g)! * idf * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * d.length) / avg)));
          }
          return [d.id, score];
        }),
      );
    };
    const pool = [
      'a',
      'b',
      'C',
      'd',
      'E',
      'x',
      'y',
      'z',
      '1',
      '9',
      ' ',
      ' ',
      ' ',
      '-',
      '.',
      'é',
      'É',
      'β',
      'Ж',
      'ß',
      'İ',
      '中',
      '𝐀',
      '😀',
      '\u00a0',
      '\n',
      "'",
    ];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const text = (n: number) => Array.from({ length: n }, () => pool[Math.floor(random() * pool.length)]).join('');
    for (let round = 0; round < 200; round++) {
      const docs = Array.from({ length: 6 }, (_, i) => ({ id: `d${i}`, text: text(20 + Math.floor(random() * 200)) }));
      const query = docs[round % 6]!.text.slice(0, 30) + ' ' + text(12);
      const expected = reference(query, docs);
      const actual = charGramScores(query, docs);
      for (const [id, score] of expected) expect(actual.get(id), `round ${round}, ${id}`).toBeCloseTo(score, 9);
    }
  });
});

describe('the phrase rerank', () => {
  const rows = [
    {
      id: 'scattered',
      text: 'name: Kai Olsen; team: Data\n\nname: Ada Eriksen; team: Mobile\n\nname: Kai Tran; team: Data\n\nname: Eli Eriksen; team: Growth',
    },
    {
      id: 'named',
      text: 'name: Ben Quinn; team: Data\n\nname: Kai Eriksen; team: Growth\n\nname: Uma Sato; team: Data',
    },
    { id: 'neither', text: 'name: Ben Quinn; team: Data' },
  ];

  it('scores the passages that say a name of the query in its words, side by side', () => {
    const scores = phraseScores('Which team is Kai Eriksen on?', rows);
    expect([...scores.keys()]).toEqual(['named']);
    expect(scores.get('named')).toBeGreaterThan(0);
    // Case and punctuation between the words do not matter; the words' order does.
    expect([...phraseScores('kai eriksen?', [{ id: 'x', text: 'KAI, eriksen' }]).keys()]).toEqual([]);
    expect([
      ...phraseScores('Kai Eriksen', [
        { id: 'x', text: 'KAI, eriksen' },
        { id: 'y', text: 'Eriksen Kai' },
      ]).keys(),
    ]).toEqual(['x']);
  });

  it('reads only pairs written as names: words of a sentence, and words like "of", say nothing', () => {
    expect(phraseScores('which team is he on', rows).size).toBe(0);
    expect(phraseScores('Team Of Data', [{ id: 'x', text: 'team of data' }]).size).toBe(0);
    expect(phraseScores('price of TK 200', [{ id: 'x', text: 'sku: TK-200' }]).size).toBe(1);
  });
});
