import { beforeAll, describe, expect, it, vi } from 'vitest';
import { prisma } from '@/lib/db';
import { updateUser } from '@/lib/users/manage-user';
import { api, bodyOf, newKey } from '../../support/http';
import { ORIGIN, PASSWORD, freshEmail, invite, member, signIn } from './account-helpers';

// The SECURITY-CHECKLIST's account cases (46-48, 50): what an attacker tries against sign-in.

let admin: string;
beforeAll(async () => {
  admin = (await newKey('admin')).key;
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('password sign-in failures', () => {
  it('answer a wrong email, a wrong password, a person without a password and a disabled person alike, in the same time', async () => {
    const known = await member(admin);
    const disabled = await member(admin);
    await api('PATCH', `/api/users/${disabled.id}`, { key: admin, json: { status: 'disabled' } });
    const { user: pending } = await invite(admin, { email: freshEmail('pending') });

    const attempts: [string, string][] = [
      [freshEmail('nobody'), PASSWORD],
      [known.email, 'not the password at all'],
      [pending.email, PASSWORD],
      [disabled.email, PASSWORD],
    ];
    const bodies = [];
    for (const [i, [email, password]] of attempts.entries()) {
      const { res, session } = await signIn(email, password, { peer: `198.51.100.${10 + i}` });
      expect(res.status).toBe(401);
      expect(session).toBeUndefined();
      bodies.push(await res.text());
    }
    expect(new Set(bodies).size).toBe(1);

    // Timing: ten of each, interleaved, each from its own address (the per-address limit is not the subject).
    const times: Record<'unknown' | 'wrong', number[]> = { unknown: [], wrong: [] };
    const victims = [await member(admin), await member(admin)];
    for (let i = 0; i < 10; i++) {
      for (const kind of ['unknown', 'wrong'] as const) {
        const email = kind === 'unknown' ? freshEmail('ghost') : victims[i % 2]!.email;
        const started = performance.now();
        const { res } = await signIn(email, 'a wrong password', {
          peer: `198.51.101.${i * 2 + (kind === 'wrong' ? 1 : 0)}`,
        });
        times[kind].push(performance.now() - started);
        expect(res.status).toBe(401);
      }
    }
    const ratio = median(times.unknown) / median(times.wrong);
    expect(ratio, `medians: unknown ${median(times.unknown)} ms, wrong ${median(times.wrong)} ms`).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  }, 120_000);

  it('are limited per account: the 11th attempt in 15 minutes is a 429 with Retry-After, even with the right password', async () => {
    const person = await member(admin);
    for (let i = 0; i < 10; i++)
      expect((await signIn(person.email, `wrong ${i}`, { peer: `198.51.102.${i}` })).res.status).toBe(401);
    const { res } = await signIn(person.email.toUpperCase(), PASSWORD, { peer: '198.51.102.99' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account from those addresses is not held back.
    const other = await member(admin);
    expect((await signIn(other.email, PASSWORD, { peer: '198.51.102.1' })).res.status).toBe(200);
  });

  it('are limited per address: the 51st attempt from one address is a 429, whatever the account', async () => {
    const peer = '198.51.103.1';
    for (let i = 0; i < 50; i++) expect((await signIn(freshEmail('spray'), 'guess', { peer })).res.status).toBe(401);
    const person = await member(admin);
    const { res } = await signIn(person.email, PASSWORD, { peer });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect((await signIn(person.email, PASSWORD, { peer: '198.51.103.2' })).res.status).toBe(200);
  }, 120_000);
});

describe('passwords', () => {
  it('are stored only as scrypt hashes, and never logged', async () => {
    const secret = `unique clear password ${Date.now()}`;
    const written: string[] = [];
    const capture = (stream: NodeJS.WriteStream) =>
      vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
        written.push(String(chunk));
        return true;
      });
    const spies = [capture(process.stdout), capture(process.stderr)];
    const { withSettings } = await import('../../support/with-settings');
    try {
      await withSettings({ LOG_LEVEL: 'debug' }, async () => {
        const { user, token } = await invite(admin, { email: freshEmail() });
        await api('POST', `/api/invitations/${token}`, { json: { password: secret }, headers: ORIGIN });
        await signIn(user.email, secret, { peer: '198.51.104.1' });
        await signIn(user.email, `${secret} wrong`, { peer: '198.51.104.1' });
      });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(written.length).toBeGreaterThan(0);
    expect(written.join('\n')).not.toContain(secret);
    const db = await prisma();
    const rows = await db.$queryRawUnsafe<Record<string, unknown>[]>('SELECT * FROM users');
    expect(JSON.stringify(rows)).not.toContain(secret);
    const hashes = rows.map((r) => r.password_hash).filter(Boolean) as string[];
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
  });
});

describe('sessions', () => {
  it('are new at sign-in: a gw_session cookie planted before is not the one after (no fixation)', async () => {
    const person = await member(admin);
    const planted = 'gw_session=attacker-chosen-value-0000000000000000000000000';
    const { res, session } = await signIn(person.email, PASSWORD, { cookie: planted });
    expect(res.status).toBe(200);
    expect(session).toBeDefined();
    expect(session).not.toBe(planted);
    expect((await api('GET', '/api/session', { cookie: planted })).status).toBe(401);
  });

  it('of a disabled person stop at once, and so do their keys; enabled again, they sign in anew', async () => {
    const person = await member(admin);
    const created = await api('POST', '/api/keys', {
      cookie: person.cookie,
      json: { name: 'laptop' },
      headers: ORIGIN,
    });
    expect(created.status).toBe(201);
    const { key } = await bodyOf<{ key: string }>(created);
    expect((await api('GET', '/api/conversations', { key })).status).toBe(200);

    const disabled = await api('PATCH', `/api/users/${person.id}`, { key: admin, json: { status: 'disabled' } });
    expect(await bodyOf(disabled)).toMatchObject({ status: 'disabled' });
    expect((await api('GET', '/api/conversations', { cookie: person.cookie })).status).toBe(401);
    expect((await api('GET', '/api/conversations', { key })).status).toBe(401);
    expect((await signIn(person.email, PASSWORD)).res.status).toBe(401);

    await api('PATCH', `/api/users/${person.id}`, { key: admin, json: { status: 'active' } });
    expect((await api('GET', '/api/conversations', { cookie: person.cookie })).status).toBe(401); // ended, not paused
    expect((await api('GET', '/api/conversations', { key })).status).toBe(200);
    expect((await signIn(person.email, PASSWORD)).res.status).toBe(200);
  });

  it('refuse a cookie-authenticated write from another origin (CSRF), and a sign-in posted from one', async () => {
    const person = await member(admin);
    const evil = { origin: 'https://evil.example' };
    const write = await api('POST', '/api/conversations', { cookie: person.cookie, json: {}, headers: evil });
    expect(write.status).toBe(403);
    const everywhere = await api('DELETE', '/api/auth/sessions', { cookie: person.cookie, headers: evil });
    expect(everywhere.status).toBe(403);
    expect((await api('GET', '/api/session', { cookie: person.cookie })).status).toBe(200);
    const login = await api('POST', '/api/auth/password', {
      json: { email: person.email, password: PASSWORD },
      headers: evil,
    });
    expect(login.status).toBe(403);
    expect(login.headers.get('set-cookie')).toBeNull();
  });
});

describe('the last admin', () => {
  it('cannot be demoted or disabled when nobody else could manage the service', async () => {
    const boss = await member(admin, 'admin');
    // While an admin key exists, demoting an admin person is fine.
    const second = await member(admin, 'admin');
    expect((await api('PATCH', `/api/users/${second.id}`, { key: admin, json: { role: 'member' } })).status).toBe(200);

    const db = await prisma();
    await db.user.updateMany({ where: { id: { not: boss.id } }, data: { status: 'disabled' } });
    await db.apiKey.updateMany({
      where: { role: 'admin', principal: { kind: 'key' } },
      data: { revokedAt: new Date() },
    });
    await expect(updateUser(boss.id, { role: 'member' })).rejects.toMatchObject({ status: 409 });
    await expect(updateUser(boss.id, { status: 'disabled' })).rejects.toMatchObject({ status: 409 });
    expect((await db.principal.findUniqueOrThrow({ where: { id: boss.id } })).role).toBe('admin');
    // The admin person can still act: through their session, they may rename themselves.
    const renamed = await api('PATCH', `/api/users/${boss.id}`, {
      cookie: boss.cookie,
      json: { name: 'Boss' },
      headers: ORIGIN,
    });
    expect(await bodyOf(renamed)).toMatchObject({ name: 'Boss', role: 'admin' });
  });
});
