import { describe, expect, it } from 'vitest';
import { LOCAL_EMBEDDING_MODEL_ID } from '@/lib/ai/embedding/local-embedding-model';
import { getDatabase, prisma, Prisma } from '@/lib/db';
import { activeEmbeddingModel, forgetActiveEmbeddingModel } from '@/lib/knowledge/index';
import { reindexStep } from '@/lib/knowledge/ingest';
import { searchKnowledge } from '@/lib/knowledge/search';
import { vectorRanking } from '@/lib/knowledge/search';
import { seedSource } from './seed-chunks';

/**
 * An install whose chunks were embedded by the first local model (256 dimensions) runs
 * a version whose `local` is v2 (128): it keeps searching the v1 vectors through v1's own
 * index until the background re-embed has moved every chunk, then switches.
 */
describe('upgrading from local-hash-v1', () => {
  it('searches the old vectors through their index, then moves every chunk to the current local model', async () => {
    expect(LOCAL_EMBEDDING_MODEL_ID).not.toBe('local-hash-v1');
    const id = await seedSource({
      title: 'Monotremes',
      texts: ['The platypus lays eggs and hunts by electroreception.', 'Echidnas are spiny.'],
      embeddingModel: 'local-hash-v1',
    });
    forgetActiveEmbeddingModel();
    expect((await activeEmbeddingModel()).id).toBe('local-hash-v1');

    const vector = await vectorRanking({ query: 'platypus eggs', limit: 5, efSearch: 40 });
    const db = await getDatabase();
    const plan = await db.query<Record<string, string>>(Prisma.sql`EXPLAIN WITH ${vector!.sql} SELECT * FROM vec`, {
      enable_seqscan: 'off',
    });
    expect(plan.map((r) => Object.values(r)[0]).join('\n')).toContain('chunks_embedding_local_hash_v1_idx');
    expect((await searchKnowledge({ query: 'platypus eggs' }))[0]?.sourceId).toBe(id);

    while ((await reindexStep()) > 0);
    forgetActiveEmbeddingModel();
    expect((await activeEmbeddingModel()).id).toBe(LOCAL_EMBEDDING_MODEL_ID);
    const models = await (await prisma()).chunk.groupBy({ by: ['embeddingModel'], _count: true });
    expect(models.map((m) => m.embeddingModel)).toEqual([LOCAL_EMBEDDING_MODEL_ID]);
    const hits = await searchKnowledge({ query: 'platypus eggs' });
    expect(hits[0]?.sourceId).toBe(id);
    expect(hits[0]?.text).toContain('platypus');
  });
});
