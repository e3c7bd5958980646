import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_EMBEDDING_MODEL_ID } from '@/lib/ai/embedding/local-embedding-model';
import { prisma } from '@/lib/db';
import { forgetActiveEmbeddingModel, forgetCorpusStats } from '@/lib/knowledge/index';
import { drainIngestQueue, reindexStep, reindexWhenDue } from '@/lib/knowledge/ingest';
import { searchKnowledge } from '@/lib/knowledge/search';
import { api, bodyOf, newKey } from '../../support/http';
import { startOpenAIStandin, type Standin } from '../../support/openai-standin';
import { withSettings } from '../../support/with-settings';
import { addSource } from '../chat/chat-helpers';
import { seedSource } from '../knowledge/seed-chunks';
import { addConnection, captureLogs, forgetModels } from './models-helpers';

/**
 * The embedding model chosen on the Models page: a connection's model, checked by embedding a
 * short text, then reached by the background re-index (driven here step by step) while search
 * keeps the old vectors. It switches the file's own database's active model (each test file has
 * one), and puts it back to local at the end.
 */

const KEY = 'sk-standin-Embed-Secret-Key-0003';
let standin: Standin;
let admin: string;
let user: string;
const logs = captureLogs();

interface EmbeddingView {
  model: string;
  active: string;
  readOnly: boolean;
  choices: { id: string; name: string }[];
  reindex: { state: 'idle' | 'running'; done: number; total: number };
}
const view = async () => bodyOf<EmbeddingView>(await api('GET', '/api/models/embedding', { key: admin }));
const choose = (id: string) => api('PUT', '/api/models/embedding', { key: admin, json: { id } });
const chunkCount = async () => (await prisma()).chunk.count();
/** Search as the chat does; which model embedded the query shows in the stand-in's requests. */
const search = async (query: string) => {
  forgetCorpusStats();
  return (await searchKnowledge({ query })).map((h) => h.sourceId);
};
const queriesEmbedded = (query: string) =>
  standin.requests.filter(
    (r) => r.path === '/v1/embeddings' && JSON.stringify(r.body.input) === JSON.stringify([query]),
  );

beforeAll(async () => {
  standin = await startOpenAIStandin();
  admin = (await newKey('admin')).key;
  user = (await newKey('user')).key;
});
afterAll(async () => {
  await forgetModels();
  forgetActiveEmbeddingModel();
  while ((await reindexStep()) > 0); // back to local: the database is left as it was found
  await standin.close();
});
beforeEach(async () => {
  await forgetModels();
  forgetActiveEmbeddingModel();
  standin.requests.length = 0;
  standin.options = { models: ['chat-1', 'embed-1'] };
});

describe('choosing the embedding model', () => {
  it('offers local and the models of enabled connections, to admins only', async () => {
    const on = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY });
    await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY, enabled: false });
    const body = await view();
    expect(body).toMatchObject({ model: 'local', active: LOCAL_EMBEDDING_MODEL_ID, readOnly: false });
    expect(body.choices.map((c) => c.id)).toEqual(['local', `${on.id}:chat-1`, `${on.id}:embed-1`]);
    expect((await api('GET', '/api/models/embedding', { key: user })).status).toBe(403);
    expect((await api('PUT', '/api/models/embedding', { key: user, json: { id: 'local' } })).status).toBe(403);
  });

  it('refuses what cannot embed (422): unknown ids, disabled connections, unlisted models, a model that does not embed', async () => {
    const on = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY });
    const off = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY, enabled: false });
    expect((await choose('text-embedding-3-small')).status).toBe(422);
    expect((await choose(`${randomUUID()}:embed-1`)).status).toBe(422);
    const disabled = await choose(`${off.id}:embed-1`);
    expect(disabled.status).toBe(422);
    expect((await bodyOf(disabled)).detail).toMatch(/disabled/);
    expect((await choose(`${on.id}:not-there`)).status).toBe(422);

    standin.options = { models: ['chat-1'], embeddingsStatus: 404 };
    const chatOnly = await choose(`${on.id}:chat-1`);
    expect(chatOnly.status).toBe(422);
    expect(await bodyOf(chatOnly)).toMatchObject({
      detail: expect.stringMatching(/answered POST \/embeddings with 404/),
      upstreamStatus: 404,
    });
    expect((await view()).model).toBe('local'); // nothing stored
  });

  it('answers an upstream 401 with 422 in its own words: the key, though the server echoed it, is in no answer or log', async () => {
    const on = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY });
    standin.options = { status: 401 };
    const res = await choose(`${on.id}:embed-1`);
    expect(res.status).toBe(422);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ detail: expect.stringMatching(/401: check the API key/) });
    expect(text).not.toContain(KEY);
    expect(logs.join('\n')).not.toContain(KEY);
  });

  it('embeds new sources with the chosen model; one that then refuses the key fails them in words without it', async () => {
    const { id } = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY });
    expect((await choose(`${id}:embed-1`)).status).toBe(200);
    standin.options = { status: 401 };
    const res = await api('POST', '/api/knowledge/sources', { key: admin, json: { text: 'The echidna eats ants.' } });
    const source = await bodyOf<{ id: string }>(res);
    await drainIngestQueue();
    const row = await (await prisma()).source.findUniqueOrThrow({ where: { id: source.id } });
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(
      new RegExp(`^The embedding model conn:${id}:embed-1 failed: .*Incorrect API key provided`),
    );
    expect(row.error).not.toContain(KEY);
    expect(standin.requests.filter((r) => r.path === '/v1/embeddings').length).toBeGreaterThan(1);
  });

  it('shows why the re-index fails while it does (no key in it), and clears it once a batch goes through', async () => {
    await seedSource({ title: `Echidna ${randomUUID().slice(0, 8)}`, texts: ['The echidna has spines.'] });
    const { id } = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY });
    expect((await choose(`${id}:embed-1`)).status).toBe(200);
    standin.options = { status: 401 };
    await expect(reindexWhenDue()).rejects.toThrow(/Incorrect API key/);
    const failing = await view();
    expect(failing.reindex).toMatchObject({
      state: 'running',
      error: expect.stringMatching(new RegExp(`^The embedding model conn:${id}:embed-1 failed: `)),
    });
    expect(JSON.stringify(failing)).not.toContain(KEY);

    standin.options = { models: ['embed-1'] };
    expect(await reindexWhenDue()).toBeGreaterThan(0);
    expect((await view()).reindex).toMatchObject({ state: 'running', error: null });
    await (await prisma()).chunkEmbedding.deleteMany({}); // the next tests start from local vectors alone
  });

  it('is read-only while EMBEDDING_MODEL is set in the environment (409)', async () => {
    await withSettings({ EMBEDDING_MODEL: 'openai:env-embed', OPENAI_BASE_URL: standin.baseUrl }, async () => {
      const body = await view();
      expect(body).toMatchObject({ model: 'openai:env-embed', readOnly: true });
      expect(body.choices).toContainEqual({ id: 'openai:env-embed', name: 'openai:env-embed (EMBEDDING_MODEL)' });
      const res = await choose('local');
      expect(res.status).toBe(409);
      expect((await bodyOf(res)).detail).toMatch(/EMBEDDING_MODEL is set in the environment/);
    });
  });
});

describe('re-embedding with the chosen model', () => {
  it('keeps search on the old vectors until every chunk has a new one, counting progress, then switches', async () => {
    const tag = randomUUID().slice(0, 8);
    // More chunks than one re-index step embeds (256), so the switch is seen half done.
    const filler = await seedSource({
      title: `Filler ${tag}`,
      texts: Array.from({ length: 300 }, (_, i) => `filler line ${i} of ${tag}`),
    });
    const quokka = await addSource(`Quokka ${tag}`, [`The quokka ${tag} smiles at visitors on Rottnest.`]);
    const total = await chunkCount();
    const { id } = await addConnection(admin, { baseUrl: standin.baseUrl, apiKey: KEY });
    const chosen = `conn:${id}:embed-1`;

    const res = await choose(`${id}:embed-1`);
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toMatchObject({
      model: `${id}:embed-1`,
      active: LOCAL_EMBEDDING_MODEL_ID,
      reindex: { state: 'running', done: 0, total },
    });
    expect(standin.requests.filter((r) => r.path === '/v1/embeddings')).toHaveLength(1); // the one-text check

    expect(await reindexStep()).toBe(256);
    expect(await view()).toMatchObject({ active: LOCAL_EMBEDDING_MODEL_ID, reindex: { state: 'running', done: 256 } });
    expect(await search(`quokka ${tag} smiles`)).toContain(quokka);
    expect(queriesEmbedded(`quokka ${tag} smiles`)).toEqual([]); // embedded with local, not the stand-in

    // A source added meanwhile gets the chosen model's vectors: none to redo, and BM25 finds it now.
    const wombat = await addSource(`Wombat ${tag}`, [`The wombat ${tag} digs a burrow.`]);
    const rows = await (await prisma()).chunk.findMany({ where: { sourceId: wombat } });
    expect(rows.map((r) => r.embeddingModel)).toEqual([chosen]);
    expect((await search(`wombat ${tag} burrow`))[0]).toBe(wombat);
    expect(await view()).toMatchObject({ reindex: { done: 256 + rows.length, total: total + rows.length } });

    let embedded = 256;
    for (let n = await reindexStep(); n > 0; n = await reindexStep()) embedded += n;
    expect(embedded).toBe(total);
    forgetActiveEmbeddingModel();
    expect(await view()).toMatchObject({
      model: `${id}:embed-1`,
      active: chosen,
      reindex: { state: 'idle', done: total + rows.length, total: total + rows.length },
    });
    const db = await prisma();
    expect((await db.chunk.groupBy({ by: ['embeddingModel'], _count: true })).map((g) => g.embeddingModel)).toEqual([
      chosen,
    ]);
    expect(await db.chunkEmbedding.count()).toBe(0);

    standin.requests.length = 0;
    expect((await search(`wombat ${tag} burrow`))[0]).toBe(wombat);
    expect(queriesEmbedded(`wombat ${tag} burrow`)).toHaveLength(1); // now the chosen model embeds queries
    expect((await search(`filler line 7 of ${tag}`))[0]).toBe(filler);
  });

  // Runs after the switch above: the stand-in's model is active.
  it('keeps the vectors when the connection is renamed; deleting it moves the index back to local, BM25 answering meanwhile', async () => {
    const db = await prisma();
    const active = (await db.chunk.findFirstOrThrow()).embeddingModel!;
    const connectionId = active.slice('conn:'.length, 'conn:'.length + 36);
    // forgetModels left the setting and connection gone: choose it again on a connection of that id.
    await db.modelConnection.create({
      data: { id: connectionId, name: 'Stand-in', baseUrl: standin.baseUrl, wireApi: 'chat', enabled: true },
    });
    expect((await choose(`${connectionId}:embed-1`)).status).toBe(200);
    await api('PATCH', `/api/models/connections/${connectionId}`, { key: admin, json: { name: 'Renamed' } });
    expect(await reindexStep()).toBe(0);
    expect(await view()).toMatchObject({ active, reindex: { state: 'idle' } });

    await api('DELETE', `/api/models/connections/${connectionId}`, { key: admin });
    forgetActiveEmbeddingModel();
    const tag = randomUUID().slice(0, 8);
    const late = await addSource(`Platypus ${tag}`, [`The platypus ${tag} lays eggs.`]);
    expect(await view()).toMatchObject({ model: 'local', active, reindex: { state: 'running' } });
    expect((await search(`platypus ${tag} eggs`))[0]).toBe(late); // no vector for the query: BM25 alone
    while ((await reindexStep()) > 0);
    forgetActiveEmbeddingModel();
    expect(await view()).toMatchObject({ active: LOCAL_EMBEDDING_MODEL_ID, reindex: { state: 'idle' } });
  });
});
