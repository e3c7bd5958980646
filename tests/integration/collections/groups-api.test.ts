import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { api, bodyOf, newKey } from '../../support/http';
import { newPerson, type Person } from './people';

let admin: string;
let user: string;
let ann: Person, bob: Person;

beforeAll(async () => {
  admin = (await newKey('admin')).key;
  user = (await newKey('user')).key;
  [ann, bob] = [await newPerson(), await newPerson()];
});

interface GroupView {
  id: string;
  name: string;
  description: string;
  managedBy: string | null;
  memberCount: number;
  members?: { id: string; email: string }[];
}

describe('groups', () => {
  it('are created, listed, renamed, given members and deleted by admins', async () => {
    const name = `Engineering ${randomUUID().slice(0, 6)}`;
    const created = await api('POST', '/api/groups', { key: admin, json: { name, description: 'Builds things' } });
    expect(created.status).toBe(201);
    const group = await bodyOf<GroupView>(created);
    expect(group).toMatchObject({ name, description: 'Builds things', managedBy: null, memberCount: 0 });
    expect(created.headers.get('location')).toBe(`/api/groups/${group.id}`);

    const set = await api('PUT', `/api/groups/${group.id}/members`, {
      key: admin,
      json: { userIds: [ann.id, bob.id] },
    });
    expect(set.status).toBe(200);
    expect((await bodyOf<GroupView>(set)).members!.map((m) => m.id).sort()).toEqual([ann.id, bob.id].sort());
    // The list replaces the members: Bob leaves.
    await api('PUT', `/api/groups/${group.id}/members`, { key: admin, json: { userIds: [ann.id] } });
    const read = await bodyOf<GroupView>(await api('GET', `/api/groups/${group.id}`, { key: admin }));
    expect(read.memberCount).toBe(1);
    expect(read.members).toEqual([{ id: ann.id, email: ann.email, name: expect.any(String) }]);

    const renamed = await api('PATCH', `/api/groups/${group.id}`, { key: admin, json: { name: `${name} 2` } });
    expect(renamed.status).toBe(200);
    expect((await bodyOf<GroupView>(renamed)).name).toBe(`${name} 2`);
    const listed = await bodyOf<{ data: GroupView[] }>(await api('GET', '/api/groups', { key: admin }));
    expect(listed.data.find((g) => g.id === group.id)).toMatchObject({ name: `${name} 2`, memberCount: 1 });

    expect((await api('DELETE', `/api/groups/${group.id}`, { key: admin })).status).toBe(204);
    expect((await api('GET', `/api/groups/${group.id}`, { key: admin })).status).toBe(404);
    expect((await api('DELETE', `/api/groups/${group.id}`, { key: admin })).status).toBe(404);
    expect(await (await prisma()).groupMember.count({ where: { groupId: group.id } })).toBe(0);
  });

  it('refuse bad input: a taken name (409), a bad name or unknown users (400, naming them)', async () => {
    const name = `Taken ${randomUUID().slice(0, 6)}`;
    const first = await bodyOf<GroupView>(await api('POST', '/api/groups', { key: admin, json: { name } }));
    const taken = await api('POST', '/api/groups', { key: admin, json: { name } });
    expect(taken.status).toBe(409);
    expect(taken.headers.get('content-type')).toBe('application/problem+json');
    const other = await bodyOf<GroupView>(
      await api('POST', '/api/groups', { key: admin, json: { name: `${name} b` } }),
    );
    expect((await api('PATCH', `/api/groups/${other.id}`, { key: admin, json: { name } })).status).toBe(409);
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 'ok', id: randomUUID() }])
      expect(
        (await api('POST', '/api/groups', { key: admin, json: body })).status,
        JSON.stringify(body).slice(0, 30),
      ).toBe(400);
    expect((await api('POST', '/api/groups', { key: admin, json: { name: 'x'.repeat(100) } })).status).toBe(201);

    const stranger = randomUUID();
    const unknown = await api('PUT', `/api/groups/${first.id}/members`, {
      key: admin,
      json: { userIds: [ann.id, stranger] },
    });
    expect(unknown.status).toBe(400);
    expect((await bodyOf<{ detail: string }>(unknown)).detail).toContain(stranger);
    // Nothing changed: Ann did not join either.
    expect((await bodyOf<GroupView>(await api('GET', `/api/groups/${first.id}`, { key: admin }))).memberCount).toBe(0);
    expect(
      (await api('PUT', `/api/groups/${randomUUID()}/members`, { key: admin, json: { userIds: [] } })).status,
    ).toBe(404);
    expect((await api('GET', '/api/groups/not-a-uuid', { key: admin })).status).toBe(400);
  });

  it('managed by the identity provider cannot be renamed, edited, deleted or given members by hand (409 saying why)', async () => {
    const db = await prisma();
    const managed = await db.group.create({ data: { name: `sso-${randomUUID().slice(0, 6)}`, managedBy: 'oidc' } });
    await db.groupMember.create({ data: { groupId: managed.id, userId: bob.id } });
    const attempts = [
      await api('PATCH', `/api/groups/${managed.id}`, { key: admin, json: { name: 'Mine now' } }),
      await api('PATCH', `/api/groups/${managed.id}`, { key: admin, json: { description: 'Changed' } }),
      await api('PUT', `/api/groups/${managed.id}/members`, { key: admin, json: { userIds: [ann.id] } }),
      await api('DELETE', `/api/groups/${managed.id}`, { key: admin }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(409);
      expect((await bodyOf<{ detail: string }>(res)).detail).toMatch(/identity provider/);
    }
    const after = await bodyOf<GroupView>(await api('GET', `/api/groups/${managed.id}`, { key: admin }));
    expect(after).toMatchObject({ name: managed.name, description: '', managedBy: 'oidc', memberCount: 1 });
    expect(after.members!.map((m) => m.id)).toEqual([bob.id]);
  });

  it('are for admins only: members and their keys get 403, nothing changes', async () => {
    const group = await bodyOf<GroupView>(
      await api('POST', '/api/groups', { key: admin, json: { name: `Admins only ${randomUUID().slice(0, 6)}` } }),
    );
    for (const key of [user, ann.key]) {
      expect((await api('GET', '/api/groups', { key })).status).toBe(403);
      expect((await api('POST', '/api/groups', { key, json: { name: 'Sneaky' } })).status).toBe(403);
      expect((await api('PUT', `/api/groups/${group.id}/members`, { key, json: { userIds: [ann.id] } })).status).toBe(
        403,
      );
      expect((await api('DELETE', `/api/groups/${group.id}`, { key })).status).toBe(403);
    }
    expect((await api('GET', '/api/groups', { cookie: ann.cookie })).status).toBe(403);
    expect((await api('GET', '/api/groups', {})).status).toBe(401);
    expect((await bodyOf<GroupView>(await api('GET', `/api/groups/${group.id}`, { key: admin }))).memberCount).toBe(0);
  });
});
