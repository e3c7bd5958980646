import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { drainIngestQueue } from '@/lib/knowledge/ingest';
import { api, bodyOf, newKey } from '../../support/http';
import { newCollection, newGroup, newPerson } from '../collections/people';
import { chunksOf, sync, synced, syncOk } from './sync-helpers';

/** PUT /api/knowledge/sync/{connector}: upserts by externalId, changes nothing the second time, deletes on `complete`. */

let admin: string;
let collectionId: string;
const tag = randomUUID().slice(0, 8);
const doc = (name: string, extra = '') =>
  `# ${name} ${tag}\n\n${`The ${name} policy ${tag} says what everyone does about ${name}. `.repeat(6)}${extra}`;

beforeAll(async () => {
  admin = (await newKey('admin')).key;
  collectionId = (await newCollection(admin, {})).id;
});

describe('PUT /api/knowledge/sync/{connector}', () => {
  it('creates, then leaves alone what did not change (no new generation, no chunk re-embedded), then updates what did', async () => {
    const c = `wiki-${tag}`;
    const body = {
      collectionId,
      sources: [
        { externalId: 'a.md', text: doc('leave') },
        { externalId: 'b.md', text: doc('travel'), title: 'Travel', metadata: { team: 'ops' } },
        { externalId: 'c.md', text: doc('expenses') },
      ],
    };
    expect(await syncOk(admin, c, body)).toEqual({
      created: 3,
      updated: 0,
      unchanged: 0,
      deleted: 0,
      failed: 0,
      errors: [],
    });
    await drainIngestQueue();
    const first = await synced(admin, c);
    expect([...first.values()].map((s) => [s.externalId, s.status, s.generation, s.connector])).toEqual(
      expect.arrayContaining([
        ['a.md', 'ready', 1, c],
        ['b.md', 'ready', 1, c],
        ['c.md', 'ready', 1, c],
      ]),
    );
    expect(first.get('b.md')).toMatchObject({ title: 'Travel', metadata: { team: 'ops' } });
    const ids = [...first.values()].map((s) => s.id);
    const chunks = await chunksOf(ids);
    expect(chunks.length).toBeGreaterThanOrEqual(3);

    // The same request again: nothing queued, nothing re-embedded.
    expect(await syncOk(admin, c, body)).toMatchObject({ created: 0, updated: 0, unchanged: 3, failed: 0 });
    await drainIngestQueue();
    const again = await synced(admin, c);
    for (const [id, s] of first) expect(again.get(id)).toMatchObject({ id: s.id, generation: 1, status: 'ready' });
    expect(await chunksOf(ids)).toEqual(chunks);

    // One text changed, one retitled, one the same, one new.
    const changed = {
      collectionId,
      sources: [
        { externalId: 'a.md', text: doc('leave', 'Carry-over ends in March.') },
        { externalId: 'b.md', text: doc('travel'), title: 'Travel rules', metadata: { team: 'ops' } },
        { externalId: 'c.md', text: doc('expenses') },
        { externalId: 'd.md', text: doc('security') },
      ],
    };
    expect(await syncOk(admin, c, changed)).toMatchObject({ created: 1, updated: 2, unchanged: 1, failed: 0 });
    await drainIngestQueue();
    const after = await synced(admin, c);
    expect(after.get('a.md')!.generation).toBeGreaterThan(1);
    expect(after.get('b.md')).toMatchObject({ title: 'Travel rules', status: 'ready' });
    expect(after.get('c.md')).toMatchObject({ id: first.get('c.md')!.id, generation: 1 });
    expect(after.get('d.md')).toMatchObject({ status: 'ready', connector: c, externalId: 'd.md' });
  });

  it('with `complete`, deletes the connector’s sources the request does not name, and nothing else', async () => {
    const c = `drive-${tag}`;
    const other = `other-${tag}`;
    await syncOk(admin, c, {
      collectionId,
      sources: ['x', 'y', 'z'].map((id) => ({ externalId: id, text: doc(`${id}-${c}`) })),
    });
    await syncOk(admin, other, { collectionId, sources: [{ externalId: 'x', text: doc(`x-${other}`) }] });
    const plain = await api('POST', '/api/knowledge/sources', {
      key: admin,
      json: { collectionId, text: doc(`plain-${c}`) },
    });
    expect(plain.status).toBe(202);
    const answer = await syncOk(admin, c, {
      collectionId,
      complete: true,
      sources: [{ externalId: 'y', text: doc(`y-${c}`) }],
    });
    expect(answer).toMatchObject({ created: 0, unchanged: 1, deleted: 2 });
    expect([...(await synced(admin, c)).keys()]).toEqual(['y']);
    expect([...(await synced(admin, other)).keys()]).toEqual(['x']);
    const id = (await bodyOf<{ id: string }>(plain)).id;
    expect((await api('GET', `/api/knowledge/sources/${id}`, { key: admin })).status).toBe(200);
  });

  it('counts an item duplicating another source’s content as failed, and stores the rest', async () => {
    const c = `dupes-${tag}`;
    const text = doc(`held-${c}`);
    expect((await api('POST', '/api/knowledge/sources', { key: admin, json: { collectionId, text } })).status).toBe(
      202,
    );
    const answer = await syncOk(admin, c, {
      collectionId,
      sources: [
        { externalId: 'held', text },
        { externalId: 'fresh', text: doc(`fresh-${c}`) },
        { externalId: 'twin', text: doc(`fresh-${c}`) },
      ],
    });
    expect(answer).toMatchObject({ created: 1, failed: 2 });
    expect(answer.errors.map((e) => e.externalId)).toEqual(['held', 'twin']);
    expect(answer.errors[0]!.detail).toMatch(/same content/);
    expect([...(await synced(admin, c)).keys()]).toEqual(['fresh']);
  });

  it('keeps a connector’s externalIds per collection: the same id in two collections is two sources', async () => {
    const c = `percollection-${tag}`;
    const elsewhere = (await newCollection(admin, {})).id;
    await syncOk(admin, c, { collectionId, sources: [{ externalId: 'same', text: doc(`same-${c}`) }] });
    const answer = await syncOk(admin, c, {
      collectionId: elsewhere,
      complete: true,
      sources: [{ externalId: 'same', text: doc(`same-${c}`) }],
    });
    expect(answer).toMatchObject({ created: 1, failed: 0, deleted: 0 });
    const listed = await api('GET', `/api/knowledge/sources?connector=${c}&limit=100`, { key: admin });
    const { data } = await bodyOf<{ data: { externalId: string; collection: { id: string } }[] }>(listed);
    expect(data.map((s) => [s.externalId, s.collection.id]).sort()).toEqual(
      [
        ['same', collectionId],
        ['same', elsewhere],
      ].sort(),
    );
    // A complete sync of one collection deletes its own, and leaves the other's alone.
    const emptied = await syncOk(
      admin,
      c,
      { collectionId: elsewhere, complete: true, sources: [] },
      '?allowEmpty=true',
    );
    expect(emptied).toMatchObject({ deleted: 1 });
    expect((await synced(admin, c)).get('same')).toMatchObject({ collection: { id: collectionId } });
  });

  it('stores a text over 1 MB whole', async () => {
    const c = `large-${tag}`;
    const text = `# Large ${tag}\n\n${'A long paragraph about archives. '.repeat(40_000)}`;
    expect(await syncOk(admin, c, { collectionId, sources: [{ externalId: 'large', text }] })).toMatchObject({
      created: 1,
    });
    const id = (await synced(admin, c)).get('large')!.id;
    const res = await api('GET', `/api/knowledge/sources/${id}`, { key: admin });
    expect((await bodyOf<{ size: number }>(res)).size).toBe(Buffer.byteLength(text));
  });

  it('refuses a complete sync with no sources (422) unless `allowEmpty=true`', async () => {
    const c = `empty-${tag}`;
    await syncOk(admin, c, { collectionId, sources: [{ externalId: 'only', text: doc(`only-${c}`) }] });
    const refused = await sync(admin, c, { collectionId, complete: true, sources: [] });
    expect(refused.status).toBe(422);
    expect(refused.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await synced(admin, c)).size).toBe(1);
    expect(await syncOk(admin, c, { collectionId, complete: true, sources: [] }, '?allowEmpty=true')).toMatchObject({
      deleted: 1,
    });
    expect((await synced(admin, c)).size).toBe(0);
  });

  it.each([
    [
      'an externalId named twice',
      'ok',
      {
        sources: [
          { externalId: 'a', text: 'one' },
          { externalId: 'a', text: 'two' },
        ],
      },
    ],
    ['both text and url', 'ok', { sources: [{ externalId: 'a', text: 'one', url: 'https://example.com/' }] }],
    ['neither text nor url', 'ok', { sources: [{ externalId: 'a' }] }],
    ['an empty externalId', 'ok', { sources: [{ externalId: '', text: 'one' }] }],
    ['a bad updatedAt', 'ok', { sources: [{ externalId: 'a', text: 'one', updatedAt: 'yesterday' }] }],
    [
      '1,001 sources',
      'ok',
      { sources: Array.from({ length: 1001 }, (_, i) => ({ externalId: `${i}`, text: `t${i}` })) },
    ],
    ['a page past 10,000', 'ok', { sources: [], complete: true, run: { id: 'r', page: 10_001 } }],
    ['a loopback url (not allowlisted)', 'ok', { sources: [{ externalId: 'a', url: 'http://127.0.0.2/admin' }] }],
    ['a file: url', 'ok', { sources: [{ externalId: 'a', url: 'file:///etc/passwd' }] }],
    ['a NUL in an externalId', 'ok', { sources: [{ externalId: 'a\u0000b', text: 'one' }] }],
    ['an upper-case connector', 'Wiki', { sources: [] }],
    ['a connector starting with a dot', '.wiki', { sources: [] }],
    ['a connector over 64 characters', 'w'.repeat(65), { sources: [] }],
  ])('answers 400 for %s', async (_, connector, body) => {
    const res = await sync(admin, connector, body);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await api('PUT', '/api/knowledge/sync/ok', {
      key: admin,
      body: '{"sources": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });

  it('lets editors of the collection sync into it; others get 403', async () => {
    const c = `team-${tag}`;
    const editor = await newPerson();
    const reader = await newPerson();
    const team = await newCollection(admin, {
      editorGroupIds: [await newGroup(admin, [editor])],
      readerGroupIds: [await newGroup(admin, [reader])],
    });
    const body = { collectionId: team.id, sources: [{ externalId: 'e', text: doc(`e-${c}`) }] };
    expect((await sync(reader.key, c, body)).status).toBe(403);
    expect((await sync((await newKey('user')).key, c, body)).status).toBe(403);
    expect(await syncOk(editor.key, c, body)).toMatchObject({ created: 1 });
    // An admin's browser session may sync too (same origin only, as for every cookie write).
    const boss = await newPerson('admin');
    const viaSession = (origin: string) =>
      api('PUT', `/api/knowledge/sync/${c}`, { cookie: boss.cookie, json: body, headers: { origin } });
    expect((await viaSession('https://evil.example')).status).toBe(403);
    expect(await bodyOf(await viaSession('http://localhost:3000'))).toMatchObject({ unchanged: 1 });
    // Not into a collection they only read (the default one is not theirs to edit).
    expect((await sync(editor.key, c, { sources: body.sources })).status).toBe(403);
  });
});
