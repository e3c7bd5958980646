import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { forgetActiveEmbeddingModel } from '@/lib/knowledge/index';
import { reindexStep } from '@/lib/knowledge/ingest';
import { api, bodyOf, newKey } from '../../support/http';
import { ingested, search, type SourceView } from './helpers';

/**
 * A remote embedding model (an OpenAI-compatible stand-in speaking the real
 * /v1/embeddings wire format) that stops answering or refuses the key: ingestion fails the
 * batch in words instead of waiting forever, and search still answers, by BM25 alone.
 */

let server: Server;
let mode: 'ok' | 'hang' | 'error' = 'ok';
let admin: string;
const MODEL = 'openai:stand-in-embed';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (mode === 'hang') return; // accepts the request and never answers
      res.setHeader('content-type', 'application/json');
      if (mode === 'error') {
        res.statusCode = 401; // not retried: the answer comes at once
        return res.end(
          JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }),
        );
      }
      const { input } = JSON.parse(body) as { input: string[] };
      const data = input.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: Array.from({ length: 8 }, (_, i) => ((text.length * (i + 1)) % 7) / 7 + 0.01),
      }));
      res.end(
        JSON.stringify({
          object: 'list',
          data,
          model: 'stand-in-embed',
          usage: { prompt_tokens: input.length, total_tokens: input.length },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  Object.assign(process.env, {
    EMBEDDING_MODEL: MODEL,
    OPENAI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    OPENAI_API_KEY: 'test',
    EMBEDDING_TIMEOUT_MS: '600',
    SEARCH_EMBEDDING_TIMEOUT_MS: '300',
  });
  resetConfigForTests();
  forgetActiveEmbeddingModel();
  admin = (await newKey('admin')).key;
});

afterAll(async () => {
  for (const k of [
    'EMBEDDING_MODEL',
    'OPENAI_BASE_URL',
    'OPENAI_API_KEY',
    'EMBEDDING_TIMEOUT_MS',
    'SEARCH_EMBEDDING_TIMEOUT_MS',
  ])
    delete process.env[k];
  resetConfigForTests();
  forgetActiveEmbeddingModel();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const addText = async (title: string, text: string) =>
  bodyOf<SourceView>(await api('POST', '/api/knowledge/sources', { key: admin, json: { title, text } }));

describe('a remote embedding model that stops answering', () => {
  it('leaves search answering by BM25 alone, and ingestion failing in words, never waiting forever', async () => {
    const tag = randomUUID().slice(0, 8);
    mode = 'ok';
    const healthy = await addText(`Bees ${tag}`, `Honeybees ${tag} dance to show the hive where the clover is.`);
    expect(await ingested(admin, healthy.id)).toMatchObject({ status: 'ready' });
    // Every chunk is on the stand-in's model: it becomes the model queries are embedded with.
    while ((await reindexStep()) > 0);
    forgetActiveEmbeddingModel();

    mode = 'hang';
    let started = Date.now();
    const hits = await search(admin, `honeybees ${tag} clover`);
    expect(hits[0]?.sourceId).toBe(healthy.id);
    expect(Date.now() - started).toBeLessThan(5_000);

    started = Date.now();
    const stalled = await addText(`Ants ${tag}`, `Leafcutter ants ${tag} farm a fungus underground.`);
    expect(await ingested(admin, stalled.id)).toMatchObject({
      status: 'failed',
      error: `The embedding model ${MODEL} did not answer within 600 ms.`,
      chunkCount: 0,
    });
    expect(Date.now() - started).toBeLessThan(10_000);

    mode = 'error';
    const refused = await addText(`Wasps ${tag}`, `Paper wasps ${tag} chew wood into pulp for their nests.`);
    expect(await ingested(admin, refused.id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(new RegExp(`^The embedding model ${MODEL} failed: .*Incorrect API key provided`)),
    });
    expect((await search(admin, `paper wasps ${tag}`)).some((h) => h.sourceId === refused.id)).toBe(false);
    expect((await search(admin, `honeybees ${tag}`))[0]?.sourceId).toBe(healthy.id);

    // The model recovers: a failed source is retried, or given its content again, and is found.
    mode = 'ok';
    const retried = await api('POST', `/api/knowledge/sources/${refused.id}/retry`, { key: admin });
    expect(retried.status).toBe(202);
    expect(await ingested(admin, refused.id)).toMatchObject({ status: 'ready', error: null });
    expect((await search(admin, `paper wasps ${tag}`))[0]?.sourceId).toBe(refused.id);
    const again = await bodyOf<SourceView>(
      await api('PUT', `/api/knowledge/sources/${stalled.id}`, {
        key: admin,
        json: { text: `Leafcutter ants ${tag} farm a fungus underground.` },
      }),
    );
    expect(await ingested(admin, again.id)).toMatchObject({ status: 'ready' });
    expect((await search(admin, `leafcutter ants ${tag}`))[0]?.sourceId).toBe(stalled.id);
  });
});
