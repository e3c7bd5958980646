import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { forgetCorpusStats } from '@/lib/knowledge/index';
import { searchKnowledge } from '@/lib/knowledge/search';
import { seedSource } from '../knowledge/seed-chunks';

const collection = async (name: string) =>
  (await (await prisma()).collection.create({ data: { name: `${name} ${randomUUID()}` } })).id;

describe('search within the collections a caller reaches', () => {
  it('returns the k best passages of the readable collections, even when better ones elsewhere fill the top k', async () => {
    const tag = randomUUID().slice(0, 8);
    const [open, hidden] = [await collection('open'), await collection('hidden')];
    // Twenty passages in the hidden collection say it better than the two readable ones: a filter
    // applied after ranking would keep none of the top k.
    for (let i = 0; i < 20; i++)
      await seedSource({
        title: `Hidden ${i}`,
        texts: [`Walrus ${tag} tusks ${tag} grow walrus ${tag} tusks all their lives.`],
        collectionId: hidden,
      });
    const readable = [
      await seedSource({ title: 'Open A', texts: [`A walrus ${tag} hauls out on ice.`], collectionId: open }),
      await seedSource({ title: 'Open B', texts: [`Tusks ${tag} help it climb.`], collectionId: open }),
    ];
    forgetCorpusStats();
    const hits = await searchKnowledge({
      query: `walrus ${tag} tusks`,
      k: 5,
      reach: { all: false, collectionIds: [open] },
    });
    expect(hits.map((h) => h.sourceId).sort()).toEqual([...readable].sort());
    const everything = await searchKnowledge({ query: `walrus ${tag} tusks`, k: 5 });
    expect(everything.every((h) => !readable.includes(h.sourceId))).toBe(true);
  });

  it('finds nothing for a caller who reaches no collection', async () => {
    const tag = randomUUID().slice(0, 8);
    await seedSource({ title: 'Narwhal', texts: [`Narwhal ${tag} tusks are teeth.`] });
    forgetCorpusStats();
    expect(await searchKnowledge({ query: `narwhal ${tag}`, reach: { all: false, collectionIds: [] } })).toEqual([]);
    expect(await searchKnowledge({ query: `narwhal ${tag}` })).toHaveLength(1);
  });
});
