import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_EMBEDDING_MODEL_ID } from '@/lib/ai/embedding/local-embedding-model';
import { resetConfigForTests } from '@/lib/config';
import { prisma } from '@/lib/db';
import { activeEmbeddingModel, forgetActiveEmbeddingModel } from '@/lib/knowledge/index';
import { reindexStep, reindexWhenDue } from '@/lib/knowledge/ingest';
import { searchKnowledge } from '@/lib/knowledge/search';
import { seedSource } from './seed-chunks';

/**
 * Changing EMBEDDING_MODEL: vectors of the new model (an OpenAI-compatible stand-in
 * speaking the real /v1/embeddings wire format) are built beside the old ones; search
 * keeps the old model until the set is complete, then switches in one transaction.
 */

let server: Server;
let calls = 0;
const DIMS = 8;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      calls++;
      const { input, model } = JSON.parse(body) as { input: string[]; model: string };
      const data = input.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: Array.from({ length: DIMS }, (_, i) => ((text.length * (i + 1)) % 7) / 7 + 0.01),
      }));
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          object: 'list',
          data,
          model,
          usage: { prompt_tokens: input.length, total_tokens: input.length },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
});

afterAll(async () => {
  for (const k of ['EMBEDDING_MODEL', 'OPENAI_BASE_URL', 'OPENAI_API_KEY']) delete process.env[k];
  resetConfigForTests();
  forgetActiveEmbeddingModel();
  await new Promise((r) => server.close(r));
});

// It switches the instance-wide active model: every test file has a database of its own
// (in-memory PGlite, or its own wire server in the postgres project), so that is safe.
describe('re-embedding after EMBEDDING_MODEL changes', () => {
  it('keeps searching the old vectors until the new ones are complete, then swaps', async () => {
    const tag = randomUUID().slice(0, 8);
    const id = await seedSource({ title: `Reindex ${tag}`, texts: [`quokka ${tag} smiles`, `wombat ${tag} burrows`] });
    forgetActiveEmbeddingModel();
    expect((await activeEmbeddingModel()).id).toBe(LOCAL_EMBEDDING_MODEL_ID);

    Object.assign(process.env, {
      EMBEDDING_MODEL: 'openai:stand-in-embed',
      OPENAI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      OPENAI_API_KEY: 'test',
    });
    resetConfigForTests();
    forgetActiveEmbeddingModel();
    // Before the re-index: still the old model, and search still works.
    expect((await activeEmbeddingModel()).id).toBe(LOCAL_EMBEDDING_MODEL_ID);
    expect((await searchKnowledge({ query: `quokka ${tag}` }))[0]?.sourceId).toBe(id);

    let embedded = 0;
    for (let n = await reindexStep(); n > 0; n = await reindexStep()) embedded += n;
    expect(embedded).toBeGreaterThanOrEqual(2);
    expect(calls).toBeGreaterThan(0);
    forgetActiveEmbeddingModel();
    expect((await activeEmbeddingModel()).id).toBe('openai:stand-in-embed');
    const db = await prisma();
    const models = await db.chunk.groupBy({ by: ['embeddingModel'], _count: true });
    expect(models.map((m) => m.embeddingModel)).toEqual(['openai:stand-in-embed']);
    expect(await db.chunkEmbedding.count()).toBe(0);
    expect((await searchKnowledge({ query: `wombat ${tag} burrows` }))[0]?.sourceId).toBe(id);
  });

  // Runs after the swap above: the configured model is the stand-in's, and it is active.
  it('lets the idle worker skip the full check for a while once settled, but not after a model change', async () => {
    expect(await reindexWhenDue()).toBe(0); // checked every chunk: nothing to move
    // A chunk of the old model, as another instance still running with it would write.
    await seedSource({ title: `Late ${randomUUID().slice(0, 8)}`, texts: ['platypus lays eggs'] });
    expect(await reindexWhenDue()).toBe(0); // the settled check is trusted for now…
    expect(await reindexStep()).toBe(1); // …though the work is there, for the next recheck

    Object.assign(process.env, { EMBEDDING_MODEL: 'local' });
    resetConfigForTests();
    expect(await reindexWhenDue()).toBeGreaterThan(0); // a different model is looked at at once
  });
});
