import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, newKey } from '../support/http';
import { withSettings } from '../support/with-settings';

let key: string;
let adminKey: string;

beforeAll(async () => {
  key = (await newKey('user')).key;
  adminKey = (await newKey('admin')).key;
});

async function problem(res: Response) {
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  const body = await bodyOf<{ detail: string; status: number }>(res);
  expect(body.status).toBe(res.status);
  expect(body.detail).not.toMatch(/at \w+ \(|prisma|SELECT|stack/i);
  return body;
}

describe('request bodies', () => {
  it.each([
    ['truncated JSON', '{"title": "x"'],
    ['not JSON at all', 'hello'],
    ['a JSON array', '[{"title":"x"}]'],
    ['a JSON string', '"title"'],
    ['null', 'null'],
  ])('answers %s with 400', async (_name, body) => {
    const res = await api('POST', '/api/conversations', { key, body, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    await problem(res);
  });

  it.each([
    ['POST', '/api/session', false, 'key'],
    ['POST', '/api/conversations', true, 'title'],
    ['POST', '/api/knowledge/sources', true, 'metadata'],
  ])('answers %s %s nested thousands deep with 400, not a stack overflow', async (method, path, withKey, field) => {
    const admin = (await newKey('admin')).key;
    const body = `{"text":"x","${field}":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
    const res = await api(method, path, {
      ...(withKey ? { key: admin } : {}),
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect((await problem(res)).detail).toContain('must not be nested more than 64 levels deep');
  });

  it('answers a lone surrogate anywhere in a stored body with 400, where it used to be a 500 or a U+FFFD', async () => {
    const admin = (await newKey('admin')).key;
    const cases: Array<[string, string, string]> = [
      ['/api/conversations', '{"title":"t\\ud800"}', '#/title'],
      ['/api/knowledge/sources', '{"text":"fine","metadata":{"s":"\\ud800"}}', '#/metadata/s'],
      // A JSON Pointer in a URI fragment carries its key as UTF-8, percent-encoded (RFC 6901 §6).
      ['/api/knowledge/sources', '{"text":"fine","metadata":{"\\udc00":1}}', '#/metadata/%EF%BF%BD'],
      ['/api/knowledge/sources', '{"sources":[{"text":"ok"},{"text":"half \\ud83d"}]}', '#/sources/1/text'],
      ['/api/knowledge/sources', '{"text":"fine","metadata":{"a/b~c d":"\\ud800"}}', '#/metadata/a~1b~0c%20d'],
      ['/api/knowledge/sources', '{"text":"fine","metadata":{"nul\\u0000key":1}}', '#/metadata/nul%00key'],
    ];
    for (const [path, body, pointer] of cases) {
      const res = await api('POST', path, { key: admin, body, headers: { 'content-type': 'application/json' } });
      expect(res.status, body).toBe(400);
      expect((await bodyOf<{ errors: { pointer: string }[] }>(res)).errors[0]!.pointer).toBe(pointer);
    }
    const lines = await api('POST', '/api/knowledge/sources', {
      key: admin,
      body: '{"text":"ok"}\n{"text":"x","metadata":{"k":"\\udfff"}}\n',
      headers: { 'content-type': 'application/jsonl' },
    });
    expect(lines.status).toBe(400);
    const problem = await bodyOf<{ detail: string; errors: { line: number; pointer: string }[] }>(lines);
    expect(problem.errors[0]).toMatchObject({ line: 2, pointer: '#/metadata/k' });
    expect(problem.detail).toMatch(/^line 2\.metadata\.k: must be well-formed Unicode/);
  });

  it('says which fields a body needs when it has none of them, and which one is wrong when it has', async () => {
    const admin = (await newKey('admin')).key;
    const conversation = await bodyOf<{ id: string }>(await api('POST', '/api/conversations', { key, json: {} }));
    const cases: Array<[string, string, unknown, string, string]> = [
      [
        key,
        `/api/conversations/${conversation.id}/messages`,
        { text: 'hi' },
        '#',
        'body: needs `content`, `message` or `messages`',
      ],
      [
        key,
        `/api/conversations/${conversation.id}/messages`,
        { message: { role: 'user', parts: 'hi' } },
        '#/message/parts',
        'body.message.parts: Invalid input: expected array, received string',
      ],
      [
        admin,
        '/api/knowledge/sources',
        {},
        '#',
        'body: needs `text`, `url`, `sources` or `crawl` (files go up as multipart/form-data)',
      ],
    ];
    for (const [who, path, json, pointer, detail] of cases) {
      const res = await api('POST', path, { key: who, json });
      expect(res.status, path).toBe(400);
      const body = await bodyOf<{ detail: string; errors: { pointer: string }[] }>(res);
      expect(body.detail).toBe(detail);
      expect(body.errors[0]!.pointer).toBe(pointer);
    }
    for (const limit of ['abc', '0', '101', '2.5']) {
      const res = await api('GET', `/api/conversations?limit=${limit}`, { key });
      expect(res.status, limit).toBe(400);
      const body = await bodyOf<{ detail: string; errors: unknown[] }>(res);
      expect(body.detail).toBe('query.limit: must be a whole number from 1 to 100');
      expect(body.errors).toEqual([{ parameter: 'limit', detail: 'must be a whole number from 1 to 100' }]);
    }
    // In a list of messages only the last is the new one: its problems point at its real index.
    const messages = [
      { role: 'user', parts: [{ type: 'text', text: 'earlier' }] },
      { role: 'user', parts: [{ type: 'text', text: '   ' }] },
    ];
    const blank = await bodyOf<{ detail: string; errors: unknown[] }>(
      await api('POST', `/api/conversations/${conversation.id}/messages`, { key, json: { messages } }),
    );
    expect(blank.errors).toEqual([
      { pointer: '#/messages/1/parts', detail: expect.stringMatching(/^must be 1 to \d+ characters/) },
    ]);
    expect(blank.detail).toMatch(/^body\.messages\[1\]\.parts: must be 1 to/);
  });

  it.each([['text/plain'], ['application/x-www-form-urlencoded'], ['multipart/form-data; boundary=x']])(
    'answers Content-Type %s with 415',
    async (type) => {
      const res = await api('POST', '/api/conversations', {
        key,
        body: '{"title":"x"}',
        headers: { 'content-type': type },
      });
      expect(res.status).toBe(415);
      await problem(res);
    },
  );

  it('answers a compressed body with 415 and Accept-Encoding: identity, whatever the route reads', async () => {
    const sources = async () =>
      (await bodyOf<{ data: unknown[] }>(await api('GET', '/api/knowledge/sources?limit=100', { key: adminKey }))).data
        .length;
    const before = await sources();
    const json = gzipSync(JSON.stringify({ title: 'Compressed', text: 'Stored as sent, it would be garbage.' }));
    const sent = [
      ['/api/conversations', 'application/json'],
      ['/api/knowledge/sources', 'application/json'],
      ['/api/knowledge/sources', 'multipart/form-data; boundary=x'],
    ];
    for (const [path, type] of sent) {
      const res = await api('POST', path!, {
        key: adminKey,
        body: json,
        headers: { 'content-type': type!, 'content-encoding': 'gzip' },
      });
      expect(res.status, path).toBe(415);
      expect(res.headers.get('accept-encoding')).toBe('identity');
      expect((await problem(res)).detail).toBe('Send the body uncompressed: Content-Encoding gzip is not accepted.');
    }
    expect(await sources()).toBe(before);
    // Identity is no encoding at all.
    const plain = await api('POST', '/api/conversations', {
      key,
      json: { title: 'Plain' },
      headers: { 'content-encoding': 'identity' },
    });
    expect(plain.status).toBe(201);
  });

  it('answers a body over the JSON limit with 413 as it streams', async () => {
    const big = JSON.stringify({ title: 'x', pad: 'y'.repeat(1024 * 1024) });
    const res = await api('POST', '/api/conversations', {
      key,
      body: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    // The limit in words a person reads, and exactly.
    expect((await problem(res)).detail).toBe('The body is larger than the limit of 1 MB (1048576 bytes).');
  });

  it('answers 413 by the declared Content-Length alone, without waiting for the body', async () => {
    let pulled = 0;
    // A body that never arrives: only the header can answer this request.
    const body = new ReadableStream<Uint8Array>(
      { pull: () => (pulled++, new Promise(() => {})) },
      { highWaterMark: 0 },
    );
    const res = await api('POST', '/api/conversations', {
      key,
      body,
      headers: { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    await problem(res);
    expect(pulled).toBe(0);
  });

  it('answers a body the client abandoned half-way with 400, not a logged 500', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"title":"half'));
        // What Node's server stream does when the client closes the connection mid-body.
        controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      },
    });
    const res = await api('POST', '/api/conversations', { key, body, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect((await problem(res)).detail).toBe('The request body ended before it was complete.');
  });

  it('stops reading a streamed body as soon as it passes the limit', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        if (pulled > 64 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await api('POST', '/api/conversations', {
      key,
      body: stream,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    // Read a little past the 1 MiB limit (plus the stream's read-ahead), never the 64 MiB on offer.
    expect(pulled).toBeLessThan(4 * 1024 * 1024);
  });
});

describe('methods and ids', () => {
  it('answers an unsupported method with 405, Allow and problem+json', async () => {
    const res = await api('PUT', '/api/conversations', { key, json: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST');
    await problem(res);
  });
});

describe('unknown paths and methods', () => {
  it.each([
    ['GET', '/api'],
    ['GET', '/api/nope'],
    ['POST', '/api/conversations/01900000-0000-7000-8000-000000000001/nope'],
    ['DELETE', '/api/knowledge/sources/x/y/z'],
  ])('answers %s %s with a problem+json 404, with or without a key', async (method, path) => {
    for (const options of [{}, { key }]) {
      const res = await api(method, path, options);
      expect(res.status).toBe(404);
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect((await problem(res)).detail).toContain('There is no API endpoint at');
    }
  });

  it.each([
    ['POST', '/api/health', 'GET'],
    ['POST', '/api/openapi.json', 'GET'],
    ['PATCH', '/api/ask', 'POST'],
    ['DELETE', '/api/conversations/01900000-0000-7000-8000-000000000001/messages', 'POST'],
    ['GET', '/api/keys/01900000-0000-7000-8000-000000000001', 'DELETE'],
  ])('answers %s %s with 405, Allow: %s and problem+json', async (method, path, allow) => {
    const res = await api(method, path, { key, ...(method === 'GET' ? {} : { json: {} }) });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    await problem(res);
  });

  it.each([
    ['/api/conversations', 'GET, POST, OPTIONS'],
    ['/api/conversations/01900000-0000-7000-8000-000000000001/messages', 'POST, OPTIONS'],
    ['/api/knowledge/sources/01900000-0000-7000-8000-000000000001', 'GET, PUT, PATCH, DELETE, OPTIONS'],
  ])('answers OPTIONS %s with the methods it has: %s', async (path, allow) => {
    const res = await api('OPTIONS', path);
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe(allow);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each(['OPTIONS', 'PATCH'])(
    "echoes the caller's X-Request-Id when answering %s from the route's method list",
    async (method) => {
      const res = await api(method, '/api/conversations', { key, headers: { 'x-request-id': 'trace-42' } });
      expect(res.headers.get('x-request-id')).toBe('trace-42');
    },
  );
});

describe('rate limits', () => {
  it('answers 429 with Retry-After past the per-principal limit, per principal', async () => {
    const { config } = await import('@/lib/config');
    const limited = (await newKey('user', 'chatty')).key;
    // Lower the limit for this test only.
    await withSettings({ RATE_LIMIT_REQUESTS: 5 }, async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await api('GET', '/api/conversations', { key: limited })).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      const res = await api('GET', '/api/conversations', { key: limited });
      expect(res.status).toBe(429);
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(config().RATE_LIMIT_WINDOW_SECONDS);
      await problem(res);
      // Another principal is not affected.
      const other = (await newKey('user', 'quiet')).key;
      expect((await api('GET', '/api/conversations', { key: other })).status).toBe(200);
    });
  });

  it('counts over a sliding window: the limit spent at the end of one window still holds at the start of the next', async () => {
    const { enforceRateLimits } = await import('@/lib/http/rate-limit');
    const { config } = await import('@/lib/config');
    const windowMs = config().RATE_LIMIT_WINDOW_SECONDS * 1000;
    const start = Math.ceil(Date.now() / windowMs) * windowMs + 10 * windowMs; // a window no request has reached
    const limit = { key: `test:sliding:${randomUUID()}`, max: 5 };
    const retryAfter = async (at: number) => {
      try {
        await enforceRateLimits([limit], at);
        return 0;
      } catch (error) {
        expect(error).toMatchObject({ code: 'rate_limited', status: 429 });
        return Number((error as { headers: Record<string, string> }).headers['retry-after']);
      }
    };
    // All five in the last seconds of a window…
    for (let i = 0; i < 5; i++) expect(await retryAfter(start + windowMs - 5_000 + i)).toBe(0);
    // …leave no room five seconds into the next one: a fixed window would have allowed five more.
    const wait = await retryAfter(start + windowMs + 5_000);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThan(config().RATE_LIMIT_WINDOW_SECONDS);
    // Retry-After is when one more fits, and a request then passes.
    expect(await retryAfter(start + windowMs + 5_000 + wait * 1000)).toBe(0);
    // A window later, the first window no longer counts at all.
    const fresh = { key: `test:sliding:${randomUUID()}`, max: 2 };
    await enforceRateLimits([fresh], start);
    await enforceRateLimits([fresh], start + 1);
    await expect(enforceRateLimits([fresh], start + 2)).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(enforceRateLimits([fresh], start + 2 * windowMs + 1)).resolves.toBeUndefined();
  });

  it('limits per address, and a spoofed X-Forwarded-For does not reset it', async () => {
    await withSettings({ RATE_LIMIT_IP_REQUESTS: 3 }, async () => {
      const peer = { 'x-groundwork-peer': '198.51.100.23' };
      for (let i = 0; i < 3; i++) await api('GET', '/api/conversations', { headers: peer });
      const spoofed = await api('GET', '/api/conversations', {
        headers: { ...peer, 'x-forwarded-for': `10.0.0.${Math.floor(Math.random() * 250)}` },
      });
      expect(spoofed.status).toBe(429);
      expect(spoofed.headers.get('content-type')).toBe('application/problem+json');
      expect(Number(spoofed.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  it('behind trusted proxies, limits the address the outermost proxy saw, whatever the client wrote before it', async () => {
    await withSettings({ RATE_LIMIT_IP_REQUESTS: 3, TRUST_PROXY: 2 }, async () => {
      // The client sends its own X-Forwarded-For; the two proxies append what they saw.
      const via = (forged: string) => ({
        'x-groundwork-peer': '10.1.0.2',
        'x-forwarded-for': `${forged}, 203.0.113.77, 10.1.0.1`,
      });
      for (let i = 0; i < 3; i++)
        expect((await api('GET', '/api/conversations', { headers: via(`192.0.2.${i}`) })).status).toBe(401);
      const limited = await api('GET', '/api/conversations', { headers: via('192.0.2.99') });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another caller behind the same proxies has a limit of its own.
      const other = await api('GET', '/api/conversations', {
        headers: { 'x-groundwork-peer': '10.1.0.2', 'x-forwarded-for': '203.0.113.78, 10.1.0.1' },
      });
      expect(other.status).toBe(401);
    });
  });
});

describe('health and the API document', () => {
  it('reports ok with the database reachable', async () => {
    const res = await api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', db: 'ok' });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('serves an OpenAPI 3.1 document with both product tags', async () => {
    const res = await api('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = await bodyOf<{ openapi: string; tags: { name: string }[]; paths: Record<string, unknown> }>(res);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.tags.map((t) => t.name)).toEqual(expect.arrayContaining(['conversations', 'knowledge']));
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/ask',
        '/conversations',
        '/conversations/{id}',
        '/conversations/{id}/messages',
        '/knowledge/sources',
        '/knowledge/sources/{id}',
        '/knowledge/search',
        '/keys',
        '/keys/{id}',
      ]),
    );
    const ask = (doc.paths['/ask'] as { post: { deprecated?: boolean; tags: string[] } }).post;
    expect(ask.deprecated).toBe(true);
    const tagsInUse = new Set(
      Object.values(doc.paths).flatMap((item) =>
        Object.values(item as Record<string, { tags?: string[] }>).flatMap((op) => op.tags ?? []),
      ),
    );
    expect([...tagsInUse]).toEqual(expect.arrayContaining(['conversations', 'knowledge']));
  });

  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const ok = await api('GET', '/api/health', { headers: { 'x-request-id': 'trace-123' } });
    expect(ok.headers.get('x-request-id')).toBe('trace-123');
    const bad = await api('GET', '/api/health', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
