import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { prisma } from '@/lib/db';
import { api, bodyOf } from '../../support/http';
import { OTHER_CLIENT, startOidcProvider, type TestProvider } from '../../support/oidc-provider';
import { accountRows, APP_CALLBACK, sessionCookieOf, signIn, withSso } from '../../support/oidc-sign-in';
import { withSettings } from '../../support/with-settings';

// Every way a single sign-on must fail (SECURITY-CHECKLIST 44-46, 48, 50): the browser lands on
// /sign-in with an error code, and no account, session, group or membership is created.
let op: TestProvider;
let otherOp: TestProvider;

beforeAll(async () => {
  [op, otherOp] = await Promise.all([
    startOidcProvider({ redirectUris: [APP_CALLBACK] }),
    startOidcProvider({ redirectUris: [APP_CALLBACK] }),
    prisma(),
  ]);
  for (const provider of [op, otherOp]) {
    provider.accounts.set('mallory', { email: 'mallory@example.com', email_verified: true, groups: ['staff'] });
  }
});
afterAll(async () => Promise.all([op?.close(), otherOp?.close()]));

beforeEach(async () => {
  const db = await prisma();
  await db.principal.deleteMany({ where: { kind: 'user' } });
  await db.group.deleteMany();
  op.codeTtlSeconds = 60;
});

/** Signs in with the changes `options` make, expecting a refusal with `code` and nothing written. */
async function expectRefused(code: string, options: Parameters<typeof signIn>[1] = {}, login = 'mallory') {
  const before = await accountRows();
  const { callback, location } = await signIn(login, options);
  expect(callback.status).toBe(303);
  expect(location).toBe(`/sign-in?error=${code}`);
  expect(sessionCookieOf(callback)).toBeUndefined();
  expect(callback.headers.getSetCookie().find((c) => c.startsWith('gw_oidc='))).toMatch(/Max-Age=0/);
  expect(await accountRows()).toEqual(before);
}

describe('single sign-on refuses', () => {
  it('a state that is not the one this browser started with', () =>
    withSso(op, () =>
      expectRefused('sso_invalid', { tamper: (url) => url.searchParams.set('state', client.randomState()) }),
    ));

  it('an answer without state', () =>
    withSso(op, () => expectRefused('sso_invalid', { tamperCallback: (url) => url.searchParams.delete('state') })));

  it('an ID token with another nonce', () =>
    withSso(op, () =>
      expectRefused('sso_invalid', { tamper: (url) => url.searchParams.set('nonce', client.randomNonce()) }),
    ));

  it('a code obtained with another PKCE challenge', () =>
    withSso(op, () =>
      expectRefused('sso_invalid', {
        tamper: (url) => url.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'),
      }),
    ));

  it('an answer from another issuer (a mix-up: the same client at a second provider)', () =>
    withSso(op, () =>
      expectRefused('sso_invalid', {
        tamper: (url) => {
          const other = new URL(otherOp.issuer);
          url.host = other.host;
        },
      }),
    ));

  it('a code issued to another application at the same provider', () =>
    withSso(op, () =>
      expectRefused('sso_invalid', { tamper: (url) => url.searchParams.set('client_id', OTHER_CLIENT.id) }),
    ));

  it('an expired code', () =>
    withSso(op, async () => {
      op.codeTtlSeconds = 1;
      await expectRefused('sso_invalid', { beforeCallback: () => new Promise((r) => setTimeout(r, 2500)) });
    }));

  it('the error the provider sends back', () =>
    withSso(op, () =>
      expectRefused('sso_denied', {
        tamperCallback: (url) => {
          url.searchParams.delete('code');
          url.searchParams.set('error', 'access_denied');
        },
      }),
    ));

  it('a callback replayed, with or without the finished flow cookie; nothing more is created', () =>
    withSso(op, async () => {
      const first = await signIn('mallory');
      expect(sessionCookieOf(first.callback)).toBeDefined();
      const after = await accountRows();
      for (const cookie of [first.flowCookie, undefined]) {
        const replay = await api('GET', first.callbackPath, { cookie });
        expect(replay.status).toBe(303);
        expect(replay.headers.get('location')).toBe(`/sign-in?error=${cookie ? 'sso_invalid' : 'sso_expired'}`);
        expect(sessionCookieOf(replay)).toBeUndefined();
      }
      expect(await accountRows()).toEqual(after);
    }));

  it('a flow cookie signed with another key', () =>
    withSso(op, async () => {
      const start = await api('GET', '/api/auth/oidc/start');
      const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
      const [pair] = start.headers.get('set-cookie')!.split(';');
      const forged = `${pair!.split('.')[0]}.${'A'.repeat(43)}`;
      const before = await accountRows();
      const res = await api(
        'GET',
        `/api/auth/oidc/callback?code=abc&state=${state}&iss=${encodeURIComponent(op.issuer)}`,
        {
          cookie: forged,
        },
      );
      expect(res.headers.get('location')).toBe('/sign-in?error=sso_expired');
      expect(await accountRows()).toEqual(before);
    }));

  it('an address the provider says is not verified, or none', async () => {
    op.accounts.set('unverified', { email: 'nina@example.com', email_verified: false });
    op.accounts.set('stringly', { email: 'nina@example.com', email_verified: 'false' });
    op.accounts.set('no-email', { name: 'No Email' });
    await withSso(op, async () => {
      await expectRefused('sso_email', {}, 'unverified');
      await expectRefused('sso_email', {}, 'stringly');
      await expectRefused('sso_email', {}, 'no-email');
    });
  });

  it('an email domain outside OIDC_ALLOWED_DOMAINS, a look-alike one included; the same domain in other case passes', async () => {
    op.accounts.set('outsider', { email: 'olga@other.example' });
    op.accounts.set('lookalike', { email: 'luke@ex\u0430mple.com' }); // Cyrillic а
    op.accounts.set('sub-domain', { email: 'sam@mail.example.com' });
    op.accounts.set('insider', { email: 'Ida@EXAMPLE.com' });
    await withSso(
      op,
      async () => {
        await expectRefused('sso_domain', {}, 'outsider');
        await expectRefused('sso_domain', {}, 'lookalike');
        await expectRefused('sso_domain', {}, 'sub-domain');
        expect((await signIn('insider')).location).toBe('/');
      },
      { OIDC_ALLOWED_DOMAINS: 'example.com, example.org' },
    );
  });

  it('a disabled account, without changing its role or groups', () =>
    withSso(
      op,
      async () => {
        await signIn('mallory');
        const db = await prisma();
        const user = await db.user.update({ where: { email: 'mallory@example.com' }, data: { status: 'disabled' } });
        op.accounts.set('mallory', { email: 'mallory@example.com', groups: ['gw-admins'] });
        try {
          await expectRefused('account_disabled');
        } finally {
          op.accounts.set('mallory', { email: 'mallory@example.com', email_verified: true, groups: ['staff'] });
        }
        expect((await db.principal.findUniqueOrThrow({ where: { id: user.id } })).role).toBe('user');
        const groups = await db.groupMember.findMany({ where: { userId: user.id }, select: { group: true } });
        expect(groups.map((m) => m.group.name)).toEqual(['staff']);
      },
      { OIDC_ADMIN_GROUPS: 'gw-admins' },
    ));

  it('an email already linked to another identity', () =>
    withSso(op, async () => {
      const db = await prisma();
      const principal = await db.principal.create({ data: { kind: 'user', role: 'admin' } });
      await db.user.create({
        data: {
          id: principal.id,
          email: 'mallory@example.com',
          oidcIssuer: op.issuer,
          oidcSubject: 'the-real-mallory',
        },
      });
      await expectRefused('account_conflict');
    }));

  it('keeps the returnTo of a refused attempt for the next one', () =>
    withSso(op, async () => {
      const { location } = await signIn('mallory', {
        returnTo: '/chat/x',
        tamper: (url) => url.searchParams.set('state', 'x'),
      });
      expect(location).toBe('/sign-in?error=sso_invalid&returnTo=%2Fchat%2Fx');
    }));
});

describe('single sign-on sends the browser only to paths on this site', () => {
  it.each([
    ['//evil.example', '/'],
    ['https://evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['/..//evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/\t/evil.example', '/'],
    ['/account?tab=keys#top', '/account?tab=keys#top'],
  ])('returnTo %j lands on %j', (returnTo, landing) =>
    withSso(op, async () => {
      expect((await signIn('mallory', { returnTo })).location).toBe(landing);
    }),
  );
});

describe('single sign-on sessions', () => {
  it('are new at every sign-in: a cookie planted before, or the session of the previous person, is not kept', () =>
    withSso(op, async () => {
      op.accounts.set('victim', { email: 'victim@example.com' });
      const planted = 'gw_session=planted-by-an-attacker-0123456789abcdef';
      const first = await signIn('mallory', { cookies: planted });
      const mallorySession = sessionCookieOf(first.callback)!;
      expect(mallorySession).not.toBe(planted);
      expect((await api('GET', '/api/session', { cookie: planted })).status).toBe(401);

      // Mallory's session cookie in the victim's browser: signing in replaces it and ends it.
      const second = await signIn('victim', { cookies: mallorySession });
      const victimSession = sessionCookieOf(second.callback)!;
      expect(victimSession).not.toBe(mallorySession);
      expect((await api('GET', '/api/session', { cookie: mallorySession })).status).toBe(401);
      const me = await bodyOf<{ principal: { name: string | null; kind: string } }>(
        await api('GET', '/api/session', { cookie: victimSession }),
      );
      expect(me.principal.kind).toBe('user');
    }));
});

describe('single sign-on setup', () => {
  it('is a 404 problem while OIDC_ISSUER is unset', async () => {
    for (const path of ['/api/auth/oidc/start', '/api/auth/oidc/callback?code=x&state=y']) {
      const res = await api('GET', path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
  });

  it('answers 503 while the provider cannot be discovered, and discovers it once it is up', async () => {
    const port = await freePort();
    const issuer = `http://127.0.0.1:${port}`;
    await withSettings({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' }, async () => {
      const down = await api('GET', '/api/auth/oidc/start');
      expect(down.status).toBe(503);
      expect(down.headers.get('content-type')).toBe('application/problem+json');
      expect((await bodyOf<{ detail: string }>(down)).detail).toContain(issuer);
      const late = await startOidcProvider({ redirectUris: [APP_CALLBACK], port });
      try {
        const up = await api('GET', '/api/auth/oidc/start');
        expect(up.status).toBe(302);
        expect(up.headers.get('location')).toMatch(new RegExp(`^${issuer}/auth\\?`));
      } finally {
        await late.close();
      }
    });
  });
  it('refuses with sso_unavailable when the provider goes away between the login and the callback', async () => {
    const brief = await startOidcProvider({
      redirectUris: [APP_CALLBACK],
      accounts: { mallory: { email: 'mallory@example.com' } },
    });
    await withSso(brief, () => expectRefused('sso_unavailable', { beforeCallback: () => brief.close() }));
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
