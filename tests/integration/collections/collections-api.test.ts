import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCollectionId } from '@/lib/collections';
import { prisma } from '@/lib/db';
import { drainIngestQueue } from '@/lib/knowledge/ingest';
import { withSettings } from '../../support/with-settings';
import { api, bodyOf, newKey } from '../../support/http';
import { newCollection, newGroup, newPerson, newVisitor, type CollectionView, type Person } from './people';

let admin: string;
let keyUser: string;
let ann: Person, bob: Person, cat: Person;

beforeAll(async () => {
  admin = (await newKey('admin')).key;
  keyUser = (await newKey('user')).key;
  [ann, bob, cat] = [await newPerson(), await newPerson(), await newPerson()];
});

const list = async (auth: { key?: string; cookie?: string }) => {
  const res = await api('GET', '/api/collections', auth);
  expect(res.status).toBe(200);
  return (await bodyOf<{ data: CollectionView[] }>(res)).data;
};

const addText = async (key: string, collectionId: string, text: string) => {
  const res = await api('POST', '/api/knowledge/sources', { key, json: { text, collectionId } });
  expect(res.status).toBe(202);
  return bodyOf<{ id: string; collectionId: string }>(res);
};

describe('collections', () => {
  it('are created, read, changed and deleted by admins, with their groups and counts', async () => {
    const readers = await newGroup(admin, [ann]);
    const editors = await newGroup(admin, [bob]);
    const name = `Handbook ${randomUUID().slice(0, 6)}`;
    const created = await api('POST', '/api/collections', {
      key: admin,
      json: {
        name,
        description: 'How we work',
        visibility: 'groups',
        readerGroupIds: [readers],
        editorGroupIds: [editors],
      },
    });
    expect(created.status).toBe(201);
    const c = await bodyOf<CollectionView>(created);
    expect(c).toMatchObject({
      name,
      description: 'How we work',
      visibility: 'groups',
      readerGroupIds: [readers],
      editorGroupIds: [editors],
      sourceCount: 0,
      chunkCount: 0,
      canEdit: true,
      isDefault: false,
    });
    expect(created.headers.get('location')).toBe(`/api/collections/${c.id}`);

    await addText(admin, c.id, `The handbook ${randomUUID()} says hello.`);
    await drainIngestQueue();
    const read = await bodyOf<CollectionView>(await api('GET', `/api/collections/${c.id}`, { key: admin }));
    expect(read).toMatchObject({ sourceCount: 1, chunkCount: 1 });

    const patched = await api('PATCH', `/api/collections/${c.id}`, {
      key: admin,
      json: { name: `${name} v2`, visibility: 'members', editorGroupIds: [] },
    });
    expect(patched.status).toBe(200);
    expect(await bodyOf<CollectionView>(patched)).toMatchObject({
      name: `${name} v2`,
      visibility: 'members',
      readerGroupIds: [readers],
      editorGroupIds: [],
    });
    // Bob no longer edits it, at his next request.
    expect((await list({ cookie: bob.cookie })).find((x) => x.id === c.id)?.canEdit).toBe(false);
  });

  it('refuse bad input: taken names 409, unknown groups 400, unknown or bad ids 404/400', async () => {
    const c = await newCollection(admin, { visibility: 'public' });
    expect((await api('POST', '/api/collections', { key: admin, json: { name: c.name } })).status).toBe(409);
    const stranger = randomUUID();
    const unknown = await api('POST', '/api/collections', {
      key: admin,
      json: { name: `Fine ${randomUUID().slice(0, 6)}`, readerGroupIds: [stranger] },
    });
    expect(unknown.status).toBe(400);
    expect((await bodyOf<{ detail: string }>(unknown)).detail).toContain(stranger);
    expect(
      (await api('PATCH', `/api/collections/${c.id}`, { key: admin, json: { editorGroupIds: [stranger] } })).status,
    ).toBe(400);
    for (const body of [
      {},
      { name: '' },
      { name: 'y'.repeat(101) },
      { name: 'ok', visibility: 'everyone' },
      { name: 'ok', sourceCount: 3 },
    ])
      expect((await api('POST', '/api/collections', { key: admin, json: body })).status, JSON.stringify(body)).toBe(
        400,
      );
    expect((await api('GET', `/api/collections/${randomUUID()}`, { key: admin })).status).toBe(404);
    expect(
      (await api('PATCH', `/api/collections/${randomUUID()}`, { key: admin, json: { description: 'x' } })).status,
    ).toBe(404);
    expect((await api('GET', `/api/collections/${'x'.repeat(10_000)}`, { key: admin })).status).toBe(400);
    expect((await api('GET', '/api/collections/nope', { key: admin })).status).toBe(400);
  });

  it('holding sources are a 409 to delete unless deleteSources=true, which deletes the sources and their chunks', async () => {
    const c = await newCollection(admin, {});
    const tag = randomUUID().slice(0, 8);
    const s = await addText(admin, c.id, `Quarterly ${tag} figures.`);
    await drainIngestQueue();
    const refused = await api('DELETE', `/api/collections/${c.id}`, { key: admin });
    expect(refused.status).toBe(409);
    expect(await bodyOf(refused)).toMatchObject({
      sourceCount: 1,
      detail: expect.stringContaining('deleteSources=true'),
    });
    expect((await api('GET', `/api/knowledge/sources/${s.id}`, { key: admin })).status).toBe(200);

    expect((await api('DELETE', `/api/collections/${c.id}?deleteSources=true`, { key: admin })).status).toBe(204);
    expect((await api('GET', `/api/collections/${c.id}`, { key: admin })).status).toBe(404);
    expect((await api('GET', `/api/knowledge/sources/${s.id}`, { key: admin })).status).toBe(404);
    expect(await (await prisma()).chunk.count({ where: { sourceId: s.id } })).toBe(0);
    const empty = await newCollection(admin, {});
    expect((await api('DELETE', `/api/collections/${empty.id}`, { key: admin })).status).toBe(204);
    expect((await api('DELETE', `/api/collections/${empty.id}`, { key: admin })).status).toBe(404);
  });

  it('the default one cannot be deleted or renamed (409), but its access rule can change', async () => {
    const id = await defaultCollectionId();
    expect((await list({ key: admin })).find((c) => c.id === id)).toMatchObject({
      isDefault: true,
      visibility: 'public',
    });
    expect((await api('DELETE', `/api/collections/${id}?deleteSources=true`, { key: admin })).status).toBe(409);
    const renamed = await api('PATCH', `/api/collections/${id}`, { key: admin, json: { name: 'Something else' } });
    expect(renamed.status).toBe(409);
    expect((await bodyOf<{ detail: string }>(renamed)).detail).toMatch(/default collection/);
    const described = await api('PATCH', `/api/collections/${id}`, { key: admin, json: { description: 'For all' } });
    expect(described.status).toBe(200);
    expect(await defaultCollectionId()).toBe(id);
  });

  it('are listed and read only by whom their rule lets read them (404 otherwise, as for unknown ids)', async () => {
    const annGroup = await newGroup(admin, [ann]);
    const bobGroup = await newGroup(admin, [bob]);
    const open = await newCollection(admin, { visibility: 'public' });
    const members = await newCollection(admin, { visibility: 'members' });
    const annOnly = await newCollection(admin, { visibility: 'groups', readerGroupIds: [annGroup] });
    const bobEdits = await newCollection(admin, { visibility: 'groups', editorGroupIds: [bobGroup] });
    const ids = (cs: CollectionView[]) => new Set(cs.map((c) => c.id));
    const mine = [open, members, annOnly, bobEdits].map((c) => c.id);
    const seen = async (auth: { key?: string; cookie?: string }) => {
      const listed = ids(await list(auth));
      return mine.filter((id) => listed.has(id));
    };

    expect(await seen({ key: admin })).toEqual(mine);
    expect(await seen({ cookie: ann.cookie })).toEqual([open.id, members.id, annOnly.id]);
    expect(await seen({ key: ann.key })).toEqual([open.id, members.id, annOnly.id]);
    expect(await seen({ cookie: bob.cookie })).toEqual([open.id, members.id, bobEdits.id]);
    expect(await seen({ cookie: cat.cookie })).toEqual([open.id, members.id]);
    expect(await seen({ key: keyUser })).toEqual([open.id, members.id]);
    await withSettings({ ANONYMOUS_ACCESS: 'on' }, async () => {
      expect(await seen({ cookie: await newVisitor() })).toEqual([open.id]);
      const res = await api('GET', `/api/collections/${members.id}`, { cookie: await newVisitor() });
      expect(res.status).toBe(404);
    });
    expect((await list({ cookie: bob.cookie })).find((c) => c.id === bobEdits.id)?.canEdit).toBe(true);
    expect((await list({ cookie: ann.cookie })).find((c) => c.id === annOnly.id)?.canEdit).toBe(false);

    // Unreadable answers exactly as unknown.
    const hidden = await api('GET', `/api/collections/${annOnly.id}`, { cookie: cat.cookie });
    const unknown = await api('GET', `/api/collections/${randomUUID()}`, { cookie: cat.cookie });
    expect(hidden.status).toBe(404);
    const strip = (b: Record<string, unknown>) => ({ ...b, requestId: undefined });
    expect(strip(await bodyOf(hidden))).toEqual(strip(await bodyOf(unknown)));
    expect((await api('GET', `/api/collections/${annOnly.id}`, { cookie: ann.cookie })).status).toBe(200);

    // Only admins change them.
    for (const auth of [{ cookie: bob.cookie }, { key: bob.key }, { key: keyUser }]) {
      expect((await api('POST', '/api/collections', { ...auth, json: { name: 'Mine' } })).status).toBe(403);
      expect(
        (await api('PATCH', `/api/collections/${bobEdits.id}`, { ...auth, json: { visibility: 'public' } })).status,
      ).toBe(403);
      expect((await api('DELETE', `/api/collections/${bobEdits.id}`, auth)).status).toBe(403);
    }
    expect((await api('GET', '/api/collections', {})).status).toBe(401);
  });
});
