import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { drainIngestQueue } from '@/lib/knowledge/ingest';
import { forgetCorpusStats } from '@/lib/knowledge/index';
import { withSettings } from '../../support/with-settings';
import { api, bodyOf, newKey } from '../../support/http';
import { newCollection, newGroup, newPerson, newVisitor, type CollectionView, type Person } from './people';

let admin: string;
let keyUser: string;
let ann: Person, bob: Person, cat: Person;
let annReads: CollectionView, bobEdits: CollectionView, open: CollectionView;

interface SourceView {
  id: string;
  title: string;
  collectionId: string;
  collection: { id: string; name: string };
  chunkCount: number;
}

beforeAll(async () => {
  admin = (await newKey('admin')).key;
  keyUser = (await newKey('user')).key;
  [ann, bob, cat] = [await newPerson(), await newPerson(), await newPerson()];
  const annGroup = await newGroup(admin, [ann]);
  const bobGroup = await newGroup(admin, [bob]);
  annReads = await newCollection(admin, { visibility: 'groups', readerGroupIds: [annGroup] });
  bobEdits = await newCollection(admin, { visibility: 'groups', editorGroupIds: [bobGroup] });
  open = await newCollection(admin, { visibility: 'public', editorGroupIds: [bobGroup] });
});

type Auth = { key?: string; cookie?: string };

/** Every read of knowledge a caller can make about a source, as the bodies they answer with. */
async function everyRead(auth: Auth, s: { id: string }, words: string) {
  const paths = [
    '/api/knowledge/sources?limit=100',
    `/api/knowledge/sources?limit=100&q=${encodeURIComponent(words.split(' ')[0]!)}`,
    `/api/knowledge/sources/${s.id}`,
    `/api/knowledge/sources/${s.id}/text`,
    `/api/knowledge/sources/${s.id}/chunks`,
    `/api/knowledge/search?${new URLSearchParams({ q: words })}`,
    `/api/knowledge/search?${new URLSearchParams({ q: words, sourceId: s.id })}`,
    '/api/collections',
  ];
  // One after another: a new visitor's first requests at once would race to create it.
  const bodies: { status: number; body: string }[] = [];
  for (const p of paths) {
    const r = await api('GET', p, auth);
    bodies.push({ status: r.status, body: await r.text() });
  }
  return bodies;
}

const ingest = async (auth: Auth, body: Record<string, unknown>) =>
  api('POST', '/api/knowledge/sources', { ...auth, json: body });

describe('sources in collections', () => {
  it('are never shown to a caller who cannot read their collection: not listed, searched, read, nor named', async () => {
    const tag = randomUUID().slice(0, 8);
    const secret = `Salary bands ${tag} zebra payroll`;
    const title = `Secret plan ${tag}`;
    const s = await bodyOf<SourceView>(
      await ingest({ key: admin }, { text: secret, title, collectionId: annReads.id }),
    );
    await drainIngestQueue();
    forgetCorpusStats();
    const words = `salary ${tag} zebra`;

    const readers = [{ key: admin }, { cookie: ann.cookie }, { key: ann.key }];
    for (const auth of readers) {
      const bodies = await everyRead(auth, s, words);
      expect(bodies.slice(0, 7).map((b) => b.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
      expect(bodies[0]!.body).toContain(title);
      expect(bodies[3]!.body).toContain(secret);
      expect(bodies[5]!.body).toContain(tag);
    }
    const outsiders: Auth[] = [{ cookie: bob.cookie }, { key: bob.key }, { cookie: cat.cookie }, { key: keyUser }];
    await withSettings({ ANONYMOUS_ACCESS: 'on' }, async () => {
      outsiders.push({ cookie: await newVisitor() });
      for (const auth of outsiders) {
        const bodies = await everyRead(auth, s, words);
        expect(
          bodies.map((b) => b.status),
          JSON.stringify(auth).slice(0, 20),
        ).toEqual([200, 200, 404, 404, 404, 200, 404, 200]);
        for (const b of bodies) {
          expect(b.body).not.toContain(tag);
          expect(b.body).not.toContain(s.id);
          expect(b.body).not.toContain(annReads.id);
        }
        // The 404 is the one an unknown id gets.
        const unknown = await api('GET', `/api/knowledge/sources/${randomUUID()}`, auth);
        expect(JSON.parse(bodies[2]!.body).detail).toBe((await bodyOf<{ detail: string }>(unknown)).detail);
      }
    });
    // A filter on a collection one cannot read is a 404 too.
    expect(
      (await api('GET', `/api/knowledge/sources?collectionId=${annReads.id}`, { cookie: cat.cookie })).status,
    ).toBe(404);
    const filtered = await bodyOf<{ data: SourceView[] }>(
      await api('GET', `/api/knowledge/sources?collectionId=${annReads.id}`, { cookie: ann.cookie }),
    );
    expect(filtered.data.map((x) => x.id)).toEqual([s.id]);
    expect(filtered.data[0]!.collection).toEqual({ id: annReads.id, name: annReads.name });
  });

  it('are added, replaced, renamed, retried and deleted by editors of their collection only (403 where they read, 404 where they do not)', async () => {
    const tag = randomUUID().slice(0, 8);
    // Bob edits `bobEdits`: he adds there, by JSON and by form.
    const added = await ingest({ cookie: bob.cookie }, { text: `Bob notes ${tag}`, collectionId: bobEdits.id });
    expect(added.status).toBe(202);
    const mine = await bodyOf<SourceView>(added);
    expect(mine.collectionId).toBe(bobEdits.id);
    const form = new FormData();
    form.append('file', new Blob([`Bob file ${tag}`], { type: 'text/plain' }), 'bob.txt');
    form.append('collectionId', bobEdits.id);
    const uploaded = await api('POST', '/api/knowledge/sources', { key: bob.key, body: form });
    expect(uploaded.status).toBe(202);
    expect((await bodyOf<SourceView>(uploaded)).collectionId).toBe(bobEdits.id);
    await drainIngestQueue();

    expect(
      (await api('PATCH', `/api/knowledge/sources/${mine.id}`, { cookie: bob.cookie, json: { title: 'Renamed' } }))
        .status,
    ).toBe(200);
    expect(
      (await api('PUT', `/api/knowledge/sources/${mine.id}`, { key: bob.key, json: { text: `Bob notes v2 ${tag}` } }))
        .status,
    ).toBe(202);

    // Elsewhere: a collection he reads but does not edit is 403; one he cannot read is 404; the default (public, no editors) 403.
    const theirs = await bodyOf<SourceView>(
      await ingest({ key: admin }, { text: `Ann's ${tag}`, collectionId: annReads.id }),
    );
    const general = await bodyOf<SourceView>(await ingest({ key: admin }, { text: `General ${tag}` }));
    expect((await ingest({ cookie: bob.cookie }, { text: `x ${tag}`, collectionId: annReads.id })).status).toBe(404);
    expect((await ingest({ cookie: bob.cookie }, { text: `y ${tag}` })).status).toBe(403);
    expect((await ingest({ cookie: bob.cookie }, { text: `z ${tag}`, collectionId: randomUUID() })).status).toBe(404);
    expect((await ingest({ cookie: bob.cookie }, { text: `w ${tag}`, collectionId: 'nope' })).status).toBe(400);
    for (const [s, status] of [
      [theirs, 404],
      [general, 403],
    ] as const) {
      expect(
        (await api('PUT', `/api/knowledge/sources/${s.id}`, { cookie: bob.cookie, json: { text: 'no' } })).status,
      ).toBe(status);
      expect(
        (await api('PATCH', `/api/knowledge/sources/${s.id}`, { cookie: bob.cookie, json: { title: 'no' } })).status,
      ).toBe(status);
      expect((await api('POST', `/api/knowledge/sources/${s.id}/retry`, { cookie: bob.cookie })).status).toBe(status);
      expect((await api('DELETE', `/api/knowledge/sources/${s.id}`, { cookie: bob.cookie })).status).toBe(status);
    }
    // Bulk delete: one he reads but may not edit refuses the request; one he cannot read is "unknown".
    expect(
      (await api('POST', '/api/knowledge/sources/delete', { cookie: bob.cookie, json: { ids: [mine.id, general.id] } }))
        .status,
    ).toBe(403);
    const bulk = await api('POST', '/api/knowledge/sources/delete', {
      cookie: bob.cookie,
      json: { ids: [mine.id, theirs.id] },
    });
    expect(await bodyOf(bulk)).toEqual({ deleted: [mine.id], unknown: [theirs.id] });
    // Members who edit nothing (a member's key, Cat) are refused before anything else.
    expect((await ingest({ key: keyUser }, { text: `k ${tag}` })).status).toBe(403);
    expect((await ingest({ cookie: cat.cookie }, { text: `c ${tag}`, collectionId: open.id })).status).toBe(403);
    for (const s of [theirs, general])
      expect((await api('GET', `/api/knowledge/sources/${s.id}`, { key: admin })).status).toBe(200);
  });

  it('move with PATCH {collectionId}: chunks kept, not ingested again, and found by the new collection’s readers only', async () => {
    const tag = randomUUID().slice(0, 8);
    const s = await bodyOf<SourceView>(
      await ingest({ cookie: bob.cookie }, { text: `Migration ${tag} walrus guide`, collectionId: bobEdits.id }),
    );
    await drainIngestQueue();
    const db = await prisma();
    const chunksBefore = await db.chunk.findMany({ where: { sourceId: s.id }, select: { id: true, generation: true } });
    expect(chunksBefore.length).toBeGreaterThan(0);
    forgetCorpusStats();
    const hits = async (auth: Auth) =>
      (
        await bodyOf<{ data: { sourceId: string }[] }>(
          await api('GET', `/api/knowledge/search?${new URLSearchParams({ q: `migration ${tag} walrus` })}`, auth),
        )
      ).data.filter((h) => h.sourceId === s.id).length;
    expect(await hits({ cookie: cat.cookie })).toBe(0);

    // Bob edits both: he moves it into the public collection.
    const moved = await api('PATCH', `/api/knowledge/sources/${s.id}`, {
      cookie: bob.cookie,
      json: { collectionId: open.id },
    });
    expect(moved.status).toBe(200);
    expect(await bodyOf<SourceView>(moved)).toMatchObject({
      collectionId: open.id,
      collection: { id: open.id, name: open.name },
      status: 'ready',
    });
    expect(await db.chunk.findMany({ where: { sourceId: s.id }, select: { id: true, generation: true } })).toEqual(
      chunksBefore,
    );
    expect(await hits({ cookie: cat.cookie })).toBe(1);

    // Into a collection he does not edit: 403 (reads it) or 404 (does not); nothing moves.
    const annsOwn = await newCollection(admin, { visibility: 'members' });
    expect(
      (await api('PATCH', `/api/knowledge/sources/${s.id}`, { cookie: bob.cookie, json: { collectionId: annsOwn.id } }))
        .status,
    ).toBe(403);
    expect(
      (
        await api('PATCH', `/api/knowledge/sources/${s.id}`, {
          cookie: bob.cookie,
          json: { collectionId: annReads.id },
        })
      ).status,
    ).toBe(404);
    // The admin moves it where Cat cannot read: she stops finding it at once.
    expect(
      (await api('PATCH', `/api/knowledge/sources/${s.id}`, { key: admin, json: { collectionId: annReads.id } }))
        .status,
    ).toBe(200);
    expect(await hits({ cookie: cat.cookie })).toBe(0);
    expect(await hits({ cookie: ann.cookie })).toBe(1);
    expect((await api('GET', `/api/knowledge/sources/${s.id}`, { cookie: bob.cookie })).status).toBe(404);
  });

  it('dedupe identical content within a collection only: upload, replace and move', async () => {
    const text = `Identical ${randomUUID()} content`;
    const a = await ingest({ key: admin }, { text, collectionId: open.id });
    expect(a.status).toBe(202);
    const again = await ingest({ key: admin }, { text, collectionId: open.id });
    expect(again.status).toBe(200);
    const first = await bodyOf<SourceView>(a);
    expect((await bodyOf<SourceView>(again)).id).toBe(first.id);
    const elsewhere = await ingest({ key: admin }, { text, collectionId: bobEdits.id });
    expect(elsewhere.status).toBe(202);
    const second = await bodyOf<SourceView>(elsewhere);
    expect(second.id).not.toBe(first.id);
    // Replacing another source of that collection with this content would store it twice there.
    const other = await bodyOf<SourceView>(
      await ingest({ key: admin }, { text: `Other ${randomUUID()}`, collectionId: open.id }),
    );
    const dup = await api('PUT', `/api/knowledge/sources/${other.id}`, { key: admin, json: { text } });
    expect(dup.status).toBe(409);
    expect(await bodyOf(dup)).toMatchObject({ duplicateOf: first.id });
    const moveDup = await api('PATCH', `/api/knowledge/sources/${second.id}`, {
      key: admin,
      json: { collectionId: open.id },
    });
    expect(moveDup.status).toBe(409);
    expect(await bodyOf(moveDup)).toMatchObject({ duplicateOf: first.id });
  });
});
