import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newVisitorCookie } from '@/lib/auth/session-cookies';
import { prisma } from '@/lib/db';
import { api, bodyOf } from '../../support/http';
import { startOidcProvider, type TestProvider } from '../../support/oidc-provider';
import { APP_CALLBACK, sessionCookieOf, signIn, withSso } from '../../support/oidc-sign-in';

// Single sign-on through a real OpenID provider (oidc-provider on loopback): the code flow
// creates and updates accounts, their role and their provider groups, and signs the browser in.
let op: TestProvider;
let idTokenOp: TestProvider;

beforeAll(async () => {
  [op, idTokenOp] = await Promise.all([
    startOidcProvider({ redirectUris: [APP_CALLBACK] }),
    startOidcProvider({ redirectUris: [APP_CALLBACK], claimsInIdToken: true }),
    prisma(), // opened and migrated here, not inside the first test's time limit
  ]);
});
afterAll(async () => Promise.all([op?.close(), idTokenOp?.close()]));

beforeEach(async () => {
  const db = await prisma();
  await db.principal.deleteMany({ where: { kind: 'user' } });
  await db.group.deleteMany();
});

const SETTINGS = { OIDC_ADMIN_GROUPS: 'gw-admins' };

async function groupsOf(userId: string) {
  const db = await prisma();
  const rows = await db.groupMember.findMany({
    where: { userId },
    select: { group: { select: { name: true, managedBy: true } } },
  });
  return rows.map((r) => `${r.group.name}:${r.group.managedBy ?? 'hand'}`).sort();
}

describe('single sign-on', () => {
  it('creates the account with its groups at the first sign-in, and the session cookie then authenticates', async () => {
    op.accounts.set('alice', {
      email: 'Alice@Example.com',
      email_verified: true,
      name: 'Alice Liddell',
      groups: ['engineering', 'gw-admins'],
    });
    await withSso(
      op,
      async () => {
        const { callback, location } = await signIn('alice', {
          returnTo: '/chat/0190d0f2-0000-7000-8000-000000000000?x=1',
        });
        expect(callback.status).toBe(303);
        expect(location).toBe('/chat/0190d0f2-0000-7000-8000-000000000000?x=1');
        const setCookies = callback.headers.getSetCookie();
        expect(setCookies.find((c) => c.startsWith('gw_oidc='))).toMatch(/Max-Age=0/);
        const session = sessionCookieOf(callback)!;
        expect(setCookies.find((c) => c.startsWith('gw_session='))).toMatch(/HttpOnly; SameSite=Lax/);

        const db = await prisma();
        const user = await db.user.findUniqueOrThrow({
          where: { email: 'alice@example.com' },
          include: { principal: true },
        });
        expect(user).toMatchObject({ oidcIssuer: op.issuer, oidcSubject: 'alice', status: 'active' });
        expect(user.principal).toMatchObject({ kind: 'user', role: 'admin', name: 'Alice Liddell' });
        expect(await groupsOf(user.id)).toEqual(['engineering:oidc', 'gw-admins:oidc']);

        const me = await api('GET', '/api/session', { cookie: session });
        expect(me.status).toBe(200);
        expect(await bodyOf(me)).toMatchObject({
          principal: { id: user.id, kind: 'user', role: 'admin', name: 'Alice Liddell' },
        });
      },
      SETTINGS,
    );
  });

  it('follows the provider at every sign-in: a group no longer named goes, and the admin role with it; hand-made groups stay', async () => {
    op.accounts.set('bob', { email: 'bob@example.com', name: 'Bob', groups: ['engineering', 'gw-admins'] });
    await withSso(
      op,
      async () => {
        expect((await signIn('bob')).location).toBe('/');
        const db = await prisma();
        const user = await db.user.findUniqueOrThrow({
          where: { email: 'bob@example.com' },
          include: { principal: true },
        });
        expect(user.principal.role).toBe('admin');
        const handMade = await db.group.create({ data: { name: 'book club' } });
        await db.groupMember.create({ data: { groupId: handMade.id, userId: user.id } });

        op.accounts.set('bob', { email: 'bob@example.com', name: 'Robert', groups: ['support'] });
        const second = await signIn('bob');
        expect(second.callback.status).toBe(303);
        expect(second.location).toBe('/');
        const again = await db.user.findUniqueOrThrow({ where: { id: user.id }, include: { principal: true } });
        expect(again.principal).toMatchObject({ role: 'user', name: 'Robert' });
        expect(await groupsOf(user.id)).toEqual(['book club:hand', 'support:oidc']);
        // The emptied provider groups remain (collections may name them); only the membership went.
        expect(await db.group.count({ where: { name: { in: ['engineering', 'gw-admins'] } } })).toBe(2);
        expect(await db.user.count()).toBe(1);
      },
      SETTINGS,
    );
  });

  it('leaves roles to the admins when OIDC_ADMIN_GROUPS is unset', async () => {
    op.accounts.set('cleo', { email: 'cleo@example.com', groups: ['gw-admins'] });
    await withSso(op, async () => {
      await signIn('cleo');
      const db = await prisma();
      const user = await db.user.findUniqueOrThrow({ where: { email: 'cleo@example.com' } });
      expect((await db.principal.findUniqueOrThrow({ where: { id: user.id } })).role).toBe('user');
      await db.principal.update({ where: { id: user.id }, data: { role: 'admin' } });
      await signIn('cleo');
      expect((await db.principal.findUniqueOrThrow({ where: { id: user.id } })).role).toBe('admin');
    });
  });

  it('links an invited account with the same email (any case) instead of making a second one', async () => {
    const db = await prisma();
    const principal = await db.principal.create({ data: { kind: 'user', role: 'user', name: 'Dana' } });
    await db.user.create({ data: { id: principal.id, email: 'dana@example.com' } });
    op.accounts.set('dana-sub', { email: 'DANA@example.COM', email_verified: true, groups: [] });
    await withSso(op, async () => {
      expect((await signIn('dana-sub')).callback.status).toBe(303);
      const users = await db.user.findMany();
      expect(users).toHaveLength(1);
      expect(users[0]).toMatchObject({ id: principal.id, oidcIssuer: op.issuer, oidcSubject: 'dana-sub' });
    });
  });

  it('reads the groups claim from the ID token, under the name OIDC_GROUPS_CLAIM gives', async () => {
    idTokenOp.accounts.set('erin', { email: 'erin@example.com', name: 'Erin', groups: ['finance'] });
    await withSso(idTokenOp, async () => {
      await signIn('erin');
      const db = await prisma();
      const user = await db.user.findUniqueOrThrow({ where: { email: 'erin@example.com' } });
      expect(await groupsOf(user.id)).toEqual(['finance:oidc']);
    });
    // A claim the provider does not send: no provider groups, nothing else lost.
    await withSso(
      idTokenOp,
      async () => {
        await signIn('erin');
        const db = await prisma();
        const user = await db.user.findUniqueOrThrow({ where: { email: 'erin@example.com' } });
        expect(await groupsOf(user.id)).toEqual([]);
      },
      { OIDC_GROUPS_CLAIM: 'roles' },
    );
  });

  it('moves the conversations this browser had as a visitor to the account', async () => {
    const visitor = await newVisitorCookie(false);
    const cookie = `gw_visitor=${visitor.value}`;
    op.accounts.set('gina', { email: 'gina@example.com' });
    await withSso(
      op,
      async () => {
        const created = await api('POST', '/api/conversations', {
          cookie,
          json: {},
          headers: { origin: 'http://localhost:3000' },
        });
        expect(created.status).toBe(201);
        const { id } = await bodyOf<{ id: string }>(created);
        const { callback } = await signIn('gina', { cookies: cookie });
        expect(callback.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^gw_visitor=;.*Max-Age=0/));
        const mine = await api('GET', `/api/conversations/${id}`, { cookie: sessionCookieOf(callback) });
        expect(mine.status).toBe(200);
      },
      { ANONYMOUS_ACCESS: 'on' },
    );
  });

  it('takes over a hand-made group the provider names, so access can be granted before anyone signs in', async () => {
    const db = await prisma();
    await db.group.create({ data: { name: 'legal' } });
    op.accounts.set('finn', { email: 'finn@example.com', groups: ['legal'] });
    await withSso(op, async () => {
      await signIn('finn');
      const user = await db.user.findUniqueOrThrow({ where: { email: 'finn@example.com' } });
      expect(await groupsOf(user.id)).toEqual(['legal:oidc']);
      expect(await db.group.count()).toBe(1);
    });
  });
});
