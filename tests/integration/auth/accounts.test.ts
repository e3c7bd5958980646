import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { api, bodyOf, newKey } from '../../support/http';
import { ORIGIN, PASSWORD, accept, cookieFrom, freshEmail, invite, member, signIn } from './account-helpers';

// Local accounts end to end through the real route handlers: invitation, password, sessions.

let admin: string;
beforeAll(async () => {
  admin = (await newKey('admin')).key;
});

const whoAmI = (cookie: string) => api('GET', '/api/session', { cookie });

describe('an invited person', () => {
  it('accepts the invitation, is signed in, signs in again with the password, and signs out', async () => {
    const email = freshEmail('ada');
    const { user, token, invitationUrl } = await invite(admin, { email, name: 'Ada' });
    expect(invitationUrl).toMatch(/^http:\/\/localhost:3000\/invitation\/[\w-]{43}$/);
    expect(user).toMatchObject({ email, role: 'member', status: 'active', hasPassword: false, sso: false });

    const link = await api('GET', `/api/invitations/${token}`);
    expect(await bodyOf(link)).toEqual({ email, name: 'Ada', purpose: 'invitation' });

    const { res, session: first } = await accept(token);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('gw_session='))).toMatch(/HttpOnly; SameSite=Lax/);
    expect(await bodyOf(res)).toMatchObject({ user: { id: user.id, hasPassword: true } });
    const me = await bodyOf<{ principal: Record<string, unknown> }>(await whoAmI(first!));
    expect(me.principal).toMatchObject({ id: user.id, kind: 'user', role: 'user', name: 'Ada', email });

    // A second browser signs in with the password (the email in another case).
    const second = await signIn(email.toUpperCase(), PASSWORD);
    expect(second.res.status).toBe(200);
    const account = await bodyOf<{ sessions: { current: boolean }[] }>(
      await api('GET', '/api/account', { cookie: second.session }),
    );
    expect(account.sessions).toHaveLength(2);
    expect(account.sessions.filter((s) => s.current)).toHaveLength(1);

    // Signing out ends that session on the server: the old cookie is refused afterwards.
    const out = await api('DELETE', '/api/auth/session', { cookie: second.session, headers: ORIGIN });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^gw_session=; .*Max-Age=0/);
    expect((await whoAmI(second.session!)).status).toBe(401);
    expect((await whoAmI(first!)).status).toBe(200);

    // Sign out everywhere ends the other one too.
    const third = await signIn(email, PASSWORD);
    expect((await api('DELETE', '/api/auth/sessions', { cookie: third.session, headers: ORIGIN })).status).toBe(204);
    expect((await whoAmI(first!)).status).toBe(401);
    expect((await whoAmI(third.session!)).status).toBe(401);
  });

  it('ends one session of theirs from the account page, and cannot end someone else’s', async () => {
    const a = await member(admin);
    const b = await member(admin);
    const other = await signIn(a.email, PASSWORD);
    const { sessions } = await bodyOf<{ sessions: { id: string; current: boolean }[] }>(
      await api('GET', '/api/account', { cookie: a.cookie }),
    );
    const notCurrent = sessions.find((s) => !s.current)!;
    expect(
      (await api('DELETE', `/api/account/sessions/${notCurrent.id}`, { cookie: b.cookie, headers: ORIGIN })).status,
    ).toBe(404);
    expect((await whoAmI(other.session!)).status).toBe(200);
    expect(
      (await api('DELETE', `/api/account/sessions/${notCurrent.id}`, { cookie: a.cookie, headers: ORIGIN })).status,
    ).toBe(204);
    expect((await whoAmI(other.session!)).status).toBe(401);
  });
});

describe('one-time links', () => {
  it('works once: the second use is a 410 and changes nothing', async () => {
    const { user, token } = await invite(admin, { email: freshEmail() });
    expect((await accept(token)).res.status).toBe(200);
    const db = await prisma();
    const hashBefore = (await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash;
    const again = await accept(token, 'another password entirely');
    expect(again.res.status).toBe(410);
    expect(again.res.headers.get('content-type')).toBe('application/problem+json');
    expect(again.session).toBeUndefined();
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(hashBefore);
    expect((await api('GET', `/api/invitations/${token}`)).status).toBe(410);
    expect(
      (await signIn((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email, 'another password entirely'))
        .res.status,
    ).toBe(401);
  });

  it('used by two requests at once, sets one password', async () => {
    const { user, token } = await invite(admin, { email: freshEmail() });
    const results = await Promise.all([accept(token, 'first racer password'), accept(token, 'second racer password')]);
    expect(results.map((r) => r.res.status).sort()).toEqual([200, 410]);
    const winner = results.find((r) => r.res.status === 200) === results[0] ? 'first' : 'second';
    const email = (await (await prisma()).user.findUniqueOrThrow({ where: { id: user.id } })).email;
    expect((await signIn(email, `${winner} racer password`)).res.status).toBe(200);
  });

  it('expires: a link past its time is a 410', async () => {
    const { user, token } = await invite(admin, { email: freshEmail() });
    const db = await prisma();
    await db.accountLink.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await api('GET', `/api/invitations/${token}`)).status).toBe(410);
    expect((await accept(token)).res.status).toBe(410);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBeNull();
  });

  it.each([
    ['one character changed', (t: string) => (t[0] === 'A' ? 'B' : 'A') + t.slice(1)],
    ['cut short', (t: string) => t.slice(0, -1)],
    ['not a token at all', () => '..%2F..%2Fetc'],
  ])('a tampered link (%s) is a 400, as an unknown one', async (_name, tamper) => {
    const { token } = await invite(admin, { email: freshEmail() });
    for (const res of [await api('GET', `/api/invitations/${tamper(token)}`), (await accept(tamper(token))).res]) {
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
    expect((await api('GET', `/api/invitations/${token}`)).status).toBe(200);
  });

  it('a password reset link replaces the unused ones, and setting the password ends the old sessions', async () => {
    const person = await member(admin);
    const firstReset = await api('POST', `/api/users/${person.id}/password-reset`, { key: admin });
    const { resetUrl: old } = await bodyOf<{ resetUrl: string }>(firstReset);
    const { resetUrl } = await bodyOf<{ resetUrl: string }>(
      await api('POST', `/api/users/${person.id}/password-reset`, { key: admin }),
    );
    expect((await api('GET', `/api/invitations/${old.split('/').at(-1)}`)).status).toBe(400);
    const token = resetUrl.split('/').at(-1)!;
    expect(await bodyOf(await api('GET', `/api/invitations/${token}`))).toMatchObject({ purpose: 'reset' });
    const { res, session } = await accept(token, 'a brand new password');
    expect(res.status).toBe(200);
    expect((await whoAmI(person.cookie)).status).toBe(401);
    expect((await whoAmI(session!)).status).toBe(200);
    expect((await signIn(person.email, PASSWORD)).res.status).toBe(401);
  });

  it('refuses passwords under 12 characters', async () => {
    const { token } = await invite(admin, { email: freshEmail() });
    const { res } = await accept(token, 'elevenchars');
    expect(res.status).toBe(400);
    expect((await accept(token, 'twelve chars')).res.status).toBe(200);
  });
});

describe('email addresses', () => {
  it('are one account in any case: Admin@Example.com after admin@example.com is a 409', async () => {
    const local = `admin-${Date.now()}`;
    await invite(admin, { email: `${local}@example.com` });
    const res = await api('POST', '/api/users', { key: admin, json: { email: `${local.toUpperCase()}@Example.COM` } });
    expect(res.status).toBe(409);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
  });

  it('with a look-alike domain (Cyrillic а) are another person', async () => {
    const local = `lookalike-${Date.now()}`;
    const latin = await invite(admin, { email: `${local}@example.com` });
    const cyrillic = await invite(admin, { email: `${local}@ex\u0430mple.com` });
    expect(cyrillic.user.id).not.toBe(latin.user.id);
    expect(cyrillic.user.email).not.toBe(latin.user.email);
  });

  it('that are not email addresses are a 400', async () => {
    for (const email of ['no-at-sign', '', 'a@', `${'x'.repeat(260)}@example.com`])
      expect((await api('POST', '/api/users', { key: admin, json: { email } })).status).toBe(400);
  });
});

describe('visitor conversations', () => {
  it('move to the account at sign-in', async () => {
    const { withSettings } = await import('../../support/with-settings');
    const { newVisitorCookie } = await import('@/lib/auth/session-cookies');
    const person = await member(admin);
    await withSettings({ ANONYMOUS_ACCESS: 'on' }, async () => {
      const visitor = `gw_visitor=${(await newVisitorCookie(false)).value}`;
      const created = await api('POST', '/api/conversations', {
        cookie: visitor,
        json: { title: 'Before signing in' },
        headers: ORIGIN,
      });
      expect(created.status).toBe(201);
      const { id } = await bodyOf<{ id: string }>(created);
      const { res, session } = await signIn(person.email, PASSWORD, { cookie: visitor });
      expect(res.status).toBe(200);
      expect(cookieFrom(res, 'gw_visitor')).toBeUndefined(); // cleared
      const list = await bodyOf<{ data: { id: string }[] }>(
        await api('GET', '/api/conversations', { cookie: session }),
      );
      expect(list.data.map((c) => c.id)).toContain(id);
    });
  });
});
