import { beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '@/lib/auth/api-keys';
import { bootstrapAdmin } from '@/lib/auth/bootstrap-admin';
import { newVisitorCookie } from '@/lib/auth/session-cookies';
import { sign } from '@/lib/auth/signed-cookie';
import { prisma } from '@/lib/db';
import { api, bodyOf, newKey } from '../support/http';
import { withSettings } from '../support/with-settings';

let admin: string;
let adminId: string;
let user: string;

beforeAll(async () => {
  ({ key: admin, id: adminId } = await newKey('admin'));
  user = (await newKey('user')).key;
});

async function expectProblem(res: Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  expect(res.headers.get('x-request-id')).toBeTruthy();
  const body = await bodyOf<{ type: string; title: string; status: number; detail: string }>(res);
  expect(body).toMatchObject({
    status,
    title: expect.any(String),
    detail: expect.any(String),
    type: expect.stringMatching(/^https:\/\//),
  });
  return body;
}

describe('authentication', () => {
  const routes: [string, string][] = [
    ['GET', '/api/conversations'],
    ['POST', '/api/conversations'],
    ['GET', '/api/conversations/0190d0f2-0000-7000-8000-000000000000'],
    ['GET', '/api/keys'],
    ['GET', '/api/session'],
  ];

  it.each(routes)('%s %s without credentials is 401 with WWW-Authenticate: Bearer', async (method, path) => {
    const res = await api(method, path, { json: method === 'POST' ? {} : undefined });
    await expectProblem(res, 401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('is not fooled by x-middleware-subrequest', async () => {
    const res = await api('GET', '/api/conversations', {
      headers: { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' },
    });
    await expectProblem(res, 401);
  });

  it.each([
    ['an unknown key', 'Bearer gwk_nope'],
    ['a malformed header', 'Basic dXNlcjpwYXNz'],
    ['an empty bearer', 'Bearer '],
  ])('rejects %s with 401', async (_name, authorization) => {
    await expectProblem(await api('GET', '/api/conversations', { headers: { authorization } }), 401);
  });

  it('rejects a forged visitor cookie', async () => {
    const forged = sign(
      { sub: '0190d0f2-0000-7000-8000-000000000000', exp: 9_999_999_999 },
      'not-the-secret-not-the-secret-00',
    );
    await expectProblem(await api('GET', '/api/conversations', { cookie: `gw_visitor=${forged}` }), 401);
  });

  it('lets a visitor cookie chat as an anonymous user', async () => {
    const visitor = await newVisitorCookie(false);
    const cookie = `gw_visitor=${visitor.value}`;
    const res = await api('POST', '/api/conversations', {
      cookie,
      json: {},
      headers: { origin: 'http://localhost:3000' },
    });
    expect(res.status).toBe(201);
    const session = await bodyOf<{ principal: { id: string; kind: string; role: string } }>(
      await api('GET', '/api/session', { cookie }),
    );
    expect(session.principal).toMatchObject({ id: visitor.principalId, kind: 'anonymous', role: 'user' });
  });

  it('answers a new visitor’s first requests sent all at once (its identity is created once, without a race)', async () => {
    const cookie = `gw_visitor=${(await newVisitorCookie(false)).value}`;
    const answers = await Promise.all(Array.from({ length: 40 }, () => api('GET', '/api/conversations', { cookie })));
    expect(answers.map((r) => r.status)).toEqual(Array(40).fill(200));
  });

  it('counts the sends of all anonymous visitors of one address together: new visitor cookies do not reset the limit', async () => {
    await withSettings({ RATE_LIMIT_VISITOR_MESSAGES: 3 }, async () => {
      const ask = async (peer: string, auth: { cookie?: string; key?: string }) =>
        (
          await api('POST', '/api/ask', {
            ...auth,
            json: { question: 'What is the refund policy?' },
            headers: { origin: 'http://localhost:3000', 'x-groundwork-peer': peer },
          })
        ).status;
      const visitor = async () => ({ cookie: `gw_visitor=${(await newVisitorCookie(false)).value}` });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push(await ask('198.51.100.61', await visitor()));
      expect(statuses).toEqual([200, 200, 200, 429]);
      // Another address, and an API key from the same one, are not held back.
      expect(await ask('198.51.100.62', await visitor())).toBe(200);
      expect(await ask('198.51.100.61', { key: (await newKey('user', 'script')).key })).toBe(200);
    });
  });
});

describe('cross-origin cookie writes', () => {
  it.each([
    ['another Origin', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Origin: null', { origin: 'null' }],
  ])('refuses a cookie-authenticated write from %s with 403', async (_name, headers) => {
    const visitor = await newVisitorCookie(false);
    const res = await api('POST', '/api/conversations', { cookie: `gw_visitor=${visitor.value}`, json: {}, headers });
    await expectProblem(res, 403);
  });

  it('allows cross-origin reads with a cookie and Bearer writes from anywhere', async () => {
    const visitor = await newVisitorCookie(false);
    expect(
      (
        await api('GET', '/api/conversations', {
          cookie: `gw_visitor=${visitor.value}`,
          headers: { origin: 'https://evil.example' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await api('POST', '/api/conversations', { key: user, json: {}, headers: { origin: 'https://other.example' } }))
        .status,
    ).toBe(201);
  });
});

describe('keys', () => {
  it('lets an admin create a key that is shown once, works at once, and stops working when revoked', async () => {
    const res = await api('POST', '/api/keys', { key: admin, json: { name: 'ci bot', role: 'user' } });
    expect(res.status).toBe(201);
    const created = await bodyOf<{ id: string; key: string; role: string; prefix: string }>(res);
    expect(created.key).toMatch(/^gwk_[\w-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);

    expect((await api('GET', '/api/conversations', { key: created.key })).status).toBe(200);

    const list = await bodyOf<{ data: Record<string, unknown>[] }>(await api('GET', '/api/keys', { key: admin }));
    const listed = list.data.find((k) => k.id === created.id);
    expect(listed).toMatchObject({ name: 'ci bot', role: 'user', revokedAt: null });
    expect(JSON.stringify(list)).not.toContain(created.key);
    expect(listed?.lastUsedAt).not.toBeNull();

    expect((await api('DELETE', `/api/keys/${created.id}`, { key: admin })).status).toBe(204);
    await expectProblem(await api('GET', '/api/conversations', { key: created.key }), 401);
  });

  it('gives a user 403 on every admin endpoint and changes nothing', async () => {
    const before = await bodyOf<{ data: unknown[] }>(await api('GET', '/api/keys?limit=100', { key: admin }));
    await expectProblem(await api('GET', '/api/keys', { key: user }), 403);
    await expectProblem(await api('POST', '/api/keys', { key: user, json: { name: 'x', role: 'admin' } }), 403);
    await expectProblem(await api('DELETE', `/api/keys/0190d0f2-0000-7000-8000-000000000000`, { key: user }), 403);
    const after = await bodyOf<{ data: unknown[] }>(await api('GET', '/api/keys?limit=100', { key: admin }));
    expect(after.data.length).toBe(before.data.length);
  });

  it('validates key creation', async () => {
    await expectProblem(await api('POST', '/api/keys', { key: admin, json: { name: 'x', role: 'root' } }), 400);
    await expectProblem(await api('POST', '/api/keys', { key: admin, json: { role: 'user' } }), 400);
  });

  it('lists keys a page at a time, newest first, each once', async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push(
        (
          await bodyOf<{ id: string }>(
            await api('POST', '/api/keys', { key: admin, json: { name: `paged ${i}`, role: 'user' } }),
          )
        ).id,
      );
    await api('DELETE', `/api/keys/${made[2]}`, { key: admin });
    const all = await bodyOf<{ data: { id: string }[]; nextCursor: string | null }>(
      await api('GET', '/api/keys?limit=100', { key: admin }),
    );
    expect(all.nextCursor).toBeNull();
    // Newest first, the revoked key still listed.
    expect(all.data.slice(0, 5).map((k) => k.id)).toEqual(made.toReversed());
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await api('GET', `/api/keys?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { key: admin });
      const page = await bodyOf<{ data: { id: string }[]; nextCursor: string | null }>(res);
      expect(page.data.length).toBeLessThanOrEqual(2);
      walked.push(...page.data.map((k) => k.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked).toEqual(all.data.map((k) => k.id));
  });

  it('refuses a page size or cursor it does not know (400)', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=two', 'cursor=nonsense']) {
      const problem = await expectProblem(await api('GET', `/api/keys?${query}`, { key: admin }), 400);
      expect(JSON.stringify(problem)).toMatch(query.startsWith('limit') ? /limit/ : /cursor/);
    }
  });

  it('answers 404 for revoking an unknown key', async () => {
    await expectProblem(await api('DELETE', `/api/keys/0190d0f2-0000-7000-8000-000000000000`, { key: admin }), 404);
  });
});

describe('admin session', () => {
  it('signs in with an admin key, acts as admin through the cookie, and signs out', async () => {
    const res = await api('POST', '/api/session', { json: { key: admin } });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^gw_admin=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    const cookie = setCookie.split(';')[0] ?? '';
    expect((await api('GET', '/api/keys', { cookie })).status).toBe(200);

    const out = await api('DELETE', '/api/session', { cookie, headers: { origin: 'http://localhost:3000' } });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/gw_admin=; .*Max-Age=0/);
    // Signing out ends the session on the server: a copy of the cookie no longer works.
    await expectProblem(await api('GET', '/api/keys', { cookie }), 401);
    await expectProblem(
      await api('POST', '/api/keys', {
        cookie,
        headers: { origin: 'http://localhost:3000' },
        json: { name: 'after sign-out', role: 'admin' },
      }),
      401,
    );
  });

  it('refuses signing in or out from another site', async () => {
    await expectProblem(
      await api('POST', '/api/session', { json: { key: admin }, headers: { origin: 'https://evil.example' } }),
      403,
    );
    const res = await api('POST', '/api/session', {
      json: { key: admin },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    await expectProblem(
      await api('DELETE', '/api/session', { cookie, headers: { origin: 'https://evil.example' } }),
      403,
    );
    expect((await api('GET', '/api/keys', { cookie })).status).toBe(200);
  });

  it('refuses a user key (403) and a wrong key (401)', async () => {
    await expectProblem(await api('POST', '/api/session', { json: { key: user } }), 403);
    await expectProblem(await api('POST', '/api/session', { json: { key: 'gwk_wrong' } }), 401);
  });

  it('ends the admin session when its key is revoked', async () => {
    const temp = await newKey('admin', 'temporary admin');
    const res = await api('POST', '/api/session', { json: { key: temp.key } });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect((await api('GET', '/api/keys', { cookie })).status).toBe(200);
    await api('DELETE', `/api/keys/${temp.id}`, { key: admin });
    await expectProblem(await api('GET', '/api/keys', { cookie }), 401);
  });
});

describe('the last admin key', () => {
  // Last in this file: it revokes every other admin key of this file's database.
  it('is never revoked (409), so the service always has someone who can manage it', async () => {
    const listed = await bodyOf<{ data: { id: string; role: string; revokedAt: string | null }[] }>(
      await api('GET', '/api/keys?limit=100', { key: admin }),
    );
    for (const other of listed.data.filter((k) => k.role === 'admin' && !k.revokedAt && k.id !== adminId)) {
      expect((await api('DELETE', `/api/keys/${other.id}`, { key: admin })).status).toBe(204);
    }
    const refused = await expectProblem(await api('DELETE', `/api/keys/${adminId}`, { key: admin }), 409);
    expect(refused.detail).toContain('last active admin key');
    expect((await api('GET', '/api/keys', { key: admin })).status).toBe(200);
    // With a second admin key it can go.
    const second = await newKey('admin', 'second admin');
    expect((await api('DELETE', `/api/keys/${adminId}`, { key: second.key })).status).toBe(204);
    await expectProblem(await api('GET', '/api/keys', { key: admin }), 401);
  });
});

describe('ADMIN_API_KEY at start', () => {
  it('is made an admin key once when several instances start at once on one database', async () => {
    const key = `gwk_started-together-${Date.now()}-${'x'.repeat(24)}`;
    await withSettings({ ADMIN_API_KEY: key }, async () => {
      const starts = await Promise.allSettled(Array.from({ length: 4 }, () => bootstrapAdmin()));
      expect(starts.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual(
        Array(4).fill('started'),
      );
    });
    const db = await prisma();
    expect(await db.apiKey.count({ where: { hash: hashKey(key) } })).toBe(1);
    expect((await api('GET', '/api/keys', { key })).status).toBe(200);
  });
});
