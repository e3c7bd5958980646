import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { forgetCorpusStats } from '@/lib/knowledge/index';
import { rankCandidates } from '@/lib/knowledge/search';
import { searchKnowledge } from '@/lib/knowledge/search';
import { lexicalRanking } from '@/lib/knowledge/search';
import { vectorRanking } from '@/lib/knowledge/search';
import { seedSource } from './seed-chunks';

describe('searchKnowledge', () => {
  it('finds the chunk that matches, with title, location and metadata', async () => {
    const tag = randomUUID().slice(0, 8);
    const wanted = await seedSource({
      title: `Otters ${tag}`,
      texts: [`Sea otters ${tag} use stones to crack open shellfish on their bellies.`],
      metadata: { lang: 'en' },
    });
    await seedSource({ title: `Volcanoes ${tag}`, texts: [`Basaltic lava ${tag} flows from shield volcanoes.`] });
    forgetCorpusStats();
    const hits = await searchKnowledge({ query: `how do otters ${tag} open shellfish`, k: 5 });
    expect(hits[0]?.sourceId).toBe(wanted);
    expect(hits[0]).toMatchObject({ title: `Otters ${tag}`, metadata: { lang: 'en' }, location: { start: 0 } });
    expect(hits[0]!.score).toBeGreaterThan(0);
  });

  it('never returns chunks of a source that is not ready or of a generation not yet live', async () => {
    const tag = randomUUID().slice(0, 8);
    const partial = await seedSource({
      title: `Partial ${tag}`,
      texts: [`zebrafish ${tag} regeneration`],
      live: false,
      status: 'processing',
    });
    const failed = await seedSource({
      title: `Failed ${tag}`,
      texts: [`zebrafish ${tag} regeneration`],
      status: 'failed',
    });
    const ok = await seedSource({ title: `Ready ${tag}`, texts: [`zebrafish ${tag} fin regeneration`] });
    forgetCorpusStats();
    const hits = await searchKnowledge({ query: `zebrafish ${tag} regeneration`, k: 10 });
    const ids = hits.map((h) => h.sourceId);
    expect(ids).toContain(ok);
    expect(ids).not.toContain(partial);
    expect(ids).not.toContain(failed);
  });

  it('finds a name from code by the words inside it, below the same words in the text', async () => {
    // Made-up words, so that nothing else in the database holds them.
    const made = () =>
      Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
    const [a, b] = [made(), made()];
    const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
    const code = await seedSource({ title: 'Callbacks', texts: [`Pass on${cap(a)}${cap(b)}Start to log each call.`] });
    const dotted = await seedSource({ title: 'Result', texts: [`Read result.${a}${cap(b)} after the call.`] });
    const prose = await seedSource({ title: 'Lifecycle', texts: [`Each ${a} ${b} starts once the model calls it.`] });
    forgetCorpusStats();
    const ranked = async (subwordWeight: number) =>
      (
        await searchKnowledge({
          query: `what is the ${a} ${b}?`,
          k: 5,
          settings: { subwordWeight, vectorWeight: 0, gramWeight: 0 },
        })
      ).map((h) => h.sourceId);
    const found = await ranked(0.3);
    expect(found[0]).toBe(prose);
    expect(found.slice(1).sort()).toEqual([code, dotted].sort());
    expect(await ranked(0)).toEqual([prose]);
  });

  it('finds a member named after a dot that is a stop word, by its name only', async () => {
    // PostgreSQL drops "each" and "then" as stop words: `_.each` and `.then()` had no lexeme at all.
    const each = await seedSource({
      title: 'Collections',
      texts: ['`_.each(list, iteratee)` calls iteratee on every element.\n\n```\n_.each([1, 2], alert);\n```'],
    });
    const map = await seedSource({
      title: 'Mapping',
      texts: ['`_.map(list, iteratee)` makes an array of what iteratee returns for every element.'],
    });
    const then = await seedSource({
      title: 'Promises',
      texts: ['Read the value with `promise.then(onFulfilled)` once it settles.'],
    });
    forgetCorpusStats();
    const ranked = async (query: string, subwordWeight = 0.3) =>
      (await searchKnowledge({ query, k: 10, settings: { subwordWeight, vectorWeight: 0, gramWeight: 0 } })).map(
        (h) => h.sourceId,
      );
    const found = await ranked('What does _.each do?');
    expect(found[0]).toBe(each);
    expect(found).not.toContain(map);
    expect(await ranked('how is .then() used?')).toContain(then);
    // The word in a question is a stop word still, and subwords can be turned off.
    expect(await ranked('what does each do?')).toEqual([]);
    expect(await ranked('What does _.each do?', 0)).toEqual([]);
  });

  it('indexes text with long runs of underscores in a moment, and finds it by the words around them', async () => {
    // PostgreSQL's text-search parser takes time quadratic in such a run: 40 chunks of it took 5 s.
    const tag = randomUUID().slice(0, 8);
    const started = performance.now();
    const id = await seedSource({
      title: `Dump ${tag}`,
      texts: Array.from({ length: 40 }, (_, i) => `Kiln log ${tag} part${i} ${'a_'.repeat(2_000)} end`),
    });
    forgetCorpusStats();
    const hits = await searchKnowledge({ query: `kiln log ${tag} ${'a_'.repeat(1_000)}`, k: 5 });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(hits.map((h) => h.sourceId)).toContain(id);
  });

  it('limits to one source with sourceId and returns [] for an empty query', async () => {
    const tag = randomUUID().slice(0, 8);
    const a = await seedSource({ title: `A ${tag}`, texts: [`glacier ${tag} retreat`] });
    await seedSource({ title: `B ${tag}`, texts: [`glacier ${tag} retreat measured`] });
    const hits = await searchKnowledge({ query: `glacier ${tag}`, sourceId: a });
    expect(hits.map((h) => h.sourceId)).toEqual([a]);
    expect(await searchKnowledge({ query: '   ' })).toEqual([]);
  });

  it('gives every candidate its similarity to the query, not only those the vector index returned', async () => {
    const tag = randomUUID().slice(0, 8);
    const texts = [
      `Kestrels ${tag} hover over verges.`,
      `Kestrels ${tag} nest in old crow nests.`,
      `A kestrel ${tag} eats voles.`,
    ];
    const source = await seedSource({ title: `Falcons ${tag}`, texts });
    forgetCorpusStats();
    const query = `kestrels ${tag}`;
    const candidates = async (vectorLimit: number) =>
      new Map(
        (
          await rankCandidates({
            lexical: await lexicalRanking({ query, limit: 10, k1: 0.9, b: 0.4, subwordWeight: 0, sourceId: source }),
            vector: await vectorRanking({ query, limit: vectorLimit, efSearch: 40, sourceId: source }),
            minSimilarity: 0.2,
          })
        ).map((c) => [c.text, c.similarity]),
      );
    const all = await candidates(10);
    expect([...all.keys()].sort()).toEqual([...texts].sort());
    // With room for one vector hit, the other two come from BM25 alone and still carry their similarity.
    const one = await candidates(1);
    expect(one.size).toBe(3);
    for (const [text, similarity] of one) expect(similarity, text).toBeCloseTo(all.get(text)!, 6);
    expect(new Set(one.values()).size).toBe(3);
  });
});
