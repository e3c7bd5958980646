import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { api, bodyOf, newKey } from '../../support/http';
import { ORIGIN, member } from './account-helpers';

// Keys of people: each acts as its person, with the person's role, never reading more.

let admin: string;
beforeAll(async () => {
  admin = (await newKey('admin')).key;
});

const collection = async (visibility: 'public' | 'members' | 'groups') =>
  (await (await prisma()).collection.create({ data: { name: `keys ${randomUUID()}`, visibility } })).id;

interface KeyBody {
  id: string;
  key: string;
  role: string;
  collectionIds: string[];
}

describe('a person’s own keys', () => {
  it('are created from a signed-in browser, listed and revoked by their person only', async () => {
    const a = await member(admin);
    const b = await member(admin);
    const made = await api('POST', '/api/keys', {
      cookie: a.cookie,
      json: { name: 'script', role: 'admin' },
      headers: ORIGIN,
    });
    expect(made.status).toBe(201);
    const key = await bodyOf<KeyBody>(made);
    expect(key.role).toBe('user'); // the person's role, whatever was asked
    const session = await bodyOf<{ principal: { id: string; kind: string } }>(
      await api('GET', '/api/session', { key: key.key }),
    );
    expect(session.principal).toMatchObject({ id: a.id, kind: 'user' });

    const mine = await bodyOf<{ data: { id: string }[] }>(await api('GET', '/api/keys', { cookie: a.cookie }));
    expect(mine.data.map((k) => k.id)).toEqual([key.id]);
    expect((await bodyOf<{ data: unknown[] }>(await api('GET', '/api/keys', { cookie: b.cookie }))).data).toEqual([]);

    expect((await api('DELETE', `/api/keys/${key.id}`, { cookie: b.cookie, headers: ORIGIN })).status).toBe(404);
    expect((await api('GET', '/api/conversations', { key: key.key })).status).toBe(200);
    expect((await api('DELETE', `/api/keys/${key.id}`, { cookie: a.cookie, headers: ORIGIN })).status).toBe(204);
    expect((await api('GET', '/api/conversations', { key: key.key })).status).toBe(401);
  });

  it('cannot be minted with a key (a narrowed key would make a wider one), nor for someone else', async () => {
    const a = await member(admin);
    const b = await member(admin);
    const { key } = await bodyOf<KeyBody>(
      await api('POST', '/api/keys', { cookie: a.cookie, json: { name: 'first' }, headers: ORIGIN }),
    );
    expect((await api('POST', '/api/keys', { key, json: { name: 'second' } })).status).toBe(403);
    const forOther = await api('POST', '/api/keys', {
      cookie: a.cookie,
      json: { name: 'x', userId: b.id },
      headers: ORIGIN,
    });
    expect(forOther.status).toBe(403);
  });

  it('narrowed to collections read only those, and a collection the person cannot read is a 404 as an unknown one', async () => {
    const a = await member(admin);
    const [open, hidden] = [await collection('members'), await collection('groups')];
    const narrowed = await api('POST', '/api/keys', {
      cookie: a.cookie,
      json: { name: 'narrow', collectionIds: [open] },
      headers: ORIGIN,
    });
    expect(narrowed.status).toBe(201);
    expect((await bodyOf<KeyBody>(narrowed)).collectionIds).toEqual([open]);
    for (const id of [hidden, randomUUID()]) {
      const refused = await api('POST', '/api/keys', {
        cookie: a.cookie,
        json: { name: 'wide', collectionIds: [id] },
        headers: ORIGIN,
      });
      expect(refused.status).toBe(404);
      expect((await bodyOf<{ detail: string }>(refused)).detail).toBe('No such collection.');
    }
  });
});

describe('admins and keys of people', () => {
  it('create a key for a person, which acts as them with their role, and see every key', async () => {
    const person = await member(admin);
    const made = await api('POST', '/api/keys', { key: admin, json: { name: 'for them', userId: person.id } });
    expect(made.status).toBe(201);
    const key = await bodyOf<KeyBody>(made);
    expect(key.role).toBe('user');
    const session = await bodyOf<{ principal: { id: string; email: string } }>(
      await api('GET', '/api/session', { key: key.key }),
    );
    expect(session.principal).toMatchObject({ id: person.id, email: person.email });
    const all = await bodyOf<{ data: { id: string }[] }>(await api('GET', '/api/keys?limit=100', { key: admin }));
    expect(all.data.map((k) => k.id)).toContain(key.id);
    expect(
      (await api('POST', '/api/keys', { key: admin, json: { name: 'nobody', userId: randomUUID() } })).status,
    ).toBe(404);
  });

  it('a key of a demoted admin acts as a member from the next request', async () => {
    const boss = await member(admin, 'admin');
    const { key } = await bodyOf<KeyBody>(
      await api('POST', '/api/keys', { cookie: boss.cookie, json: { name: 'admin script' }, headers: ORIGIN }),
    );
    expect((await api('GET', '/api/users', { key })).status).toBe(200);
    await api('PATCH', `/api/users/${boss.id}`, { key: admin, json: { role: 'member' } });
    expect((await api('GET', '/api/users', { key })).status).toBe(403);
    expect((await api('GET', '/api/users', { cookie: boss.cookie })).status).toBe(403);
  });
});

describe('people (admin)', () => {
  it('are listed newest first, filtered by q, paginated, and only for admins', async () => {
    const tag = randomUUID().slice(0, 8);
    const made = [await member(admin), await member(admin)];
    await api('PATCH', `/api/users/${made[0]!.id}`, { key: admin, json: { name: `Zed ${tag}` } });
    const found = await bodyOf<{ data: { id: string; name: string }[] }>(
      await api('GET', `/api/users?q=zed%20${tag}`, { key: admin }),
    );
    expect(found.data.map((u) => u.id)).toEqual([made[0]!.id]);
    const page = await bodyOf<{ data: unknown[]; nextCursor: string }>(
      await api('GET', '/api/users?limit=1', { key: admin }),
    );
    expect(page.data).toHaveLength(1);
    const next = await bodyOf<{ data: { id: string }[] }>(
      await api('GET', `/api/users?limit=1&cursor=${page.nextCursor}`, { key: admin }),
    );
    expect(next.data[0]!.id).toBe(made[0]!.id);
    expect((await api('GET', '/api/users', { cookie: made[1]!.cookie })).status).toBe(403);
    expect((await api('GET', `/api/users/${randomUUID()}`, { key: admin })).status).toBe(404);
    expect((await api('PATCH', `/api/users/${made[1]!.id}`, { key: admin, json: { role: 'root' } })).status).toBe(400);
  });

  it('the sign-in options say password sign-in exists once someone is invited', async () => {
    const options = await bodyOf(await api('GET', '/api/auth/options'));
    expect(options).toEqual({ oidc: false, password: true, anonymous: false });
  });
});
