import { embedMany } from 'ai';
import { describe, expect, it } from 'vitest';
import { createLocalEmbeddingModel, LOCAL_EMBEDDING_DIMENSIONS } from '@/lib/ai/embedding/local-embedding-model';
import { fuseScores } from '@/lib/knowledge/fuse-rankings';
import { charGramScores } from '@/lib/knowledge/rerank-char-grams';

const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe('local embedding model', () => {
  it('is an AI SDK v4 embedding model: deterministic, normalised, fixed dimension', async () => {
    const model = createLocalEmbeddingModel();
    expect(model.specificationVersion).toBe('v4');
    const values = ['Sea otters crack shellfish with stones.', 'Otters use stones to open shellfish.', 'Basalt lava flows from shield volcanoes.'];
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
      { scores: new Map([['a', 10], ['b', 5]]), weight: 0.5 },
      { scores: new Map([['b', 0.9], ['c', 0.3]]), weight: 0.5 },
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
});
