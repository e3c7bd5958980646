import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { api, bodyOf, newKey } from '../../support/http';
import { addSource, newConversation, readReply, send } from './chat-helpers';

// Low message limits for this file only, so 429 is reachable in a few calls.
const saved = { ...process.env };
let tag: string;
let sourceId: string;

beforeAll(async () => {
  process.env.RATE_LIMIT_MESSAGES = '3';
  resetConfigForTests();
  tag = randomUUID().slice(0, 8);
  sourceId = await addSource(`Sourdough ${tag} basics`, [
    `A sourdough ${tag} starter is a culture of wild yeast and lactic acid bacteria. Feed the sourdough ${tag} starter daily with flour and water.`,
  ]);
});

afterAll(() => {
  process.env = saved;
  resetConfigForTests();
});

const ask = (key: string | undefined, json: unknown) => api('POST', '/api/ask', { key, json });

function expectDeprecationHeaders(res: Response) {
  expect(res.headers.get('deprecation')).toMatch(/^@\d{10}$/);
  expect(res.headers.get('link')).toBe('</api/conversations>; rel="successor-version"');
}

describe('POST /api/ask (deprecated)', () => {
  it('answers in one shot with citations and the deprecation headers; nothing is stored', async () => {
    const { key, principalId } = await newKey('user');
    const res = await ask(key, { question: `How do I feed a sourdough ${tag} starter?` });
    expect(res.status).toBe(200);
    expectDeprecationHeaders(res);
    const body = await bodyOf<{ answer: string; citations: Array<Record<string, unknown>> }>(res);
    expect(body.answer).toMatch(/Feed the sourdough \S+ starter daily with flour and water \[1\]\./);
    expect(body.citations).toEqual([
      {
        n: 1,
        sourceId,
        chunkId: expect.any(String),
        title: `Sourdough ${tag} basics`,
        snippet: expect.stringContaining('starter'),
        location: expect.objectContaining({ start: 0, end: expect.any(Number) }),
        generation: 1,
      },
    ]);
    const { prisma } = await import('@/lib/db');
    expect(await (await prisma()).conversation.count({ where: { ownerId: principalId } })).toBe(0);
  });

  it('has the same auth and validation: 401, 400, 415 – with the deprecation headers', async () => {
    const { key } = await newKey('user');
    const unauth = await ask(undefined, { question: 'hi' });
    expect(unauth.status).toBe(401);
    expectDeprecationHeaders(unauth);
    expect((await ask(key, { question: '   ' })).status).toBe(400);
    expect((await ask(key, { question: 'a\u0000b' })).status).toBe(400);
    const second = (await newKey('user')).key; // bad requests count toward the limit of 3 too
    expect((await ask(second, {})).status).toBe(400);
    expect(
      (await api('POST', '/api/ask', { key: second, body: 'question=hi', headers: { 'content-type': 'text/plain' } }))
        .status,
    ).toBe(415);
  });

  it('shares the message rate limit with conversation sends: 429 with Retry-After', async () => {
    const { key } = await newKey('user');
    const id = await newConversation(key);
    for (let i = 0; i < 2; i++) await readReply(await send(key, id, { content: `hello ${i}` }));
    expect((await ask(key, { question: 'hello' })).status).toBe(200);
    const limited = await send(key, id, { content: 'one too many' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const askLimited = await ask(key, { question: 'hello' });
    expect(askLimited.status).toBe(429);
    expectDeprecationHeaders(askLimited);
  });
  // A long message is cheap to send and must stay cheap to answer: PostgreSQL's text-search parser
  // took 16 s over 32,000 characters of `a_a_…`, while every other request waited for the database.
  it('answers a run of 32,000 characters with underscores in a moment, and other requests meanwhile too', async () => {
    const { key } = await newKey('user');
    const started = performance.now();
    const asked = ask(key, { question: 'a_'.repeat(16_000) }).then((res) => ({
      status: res.status,
      ms: performance.now() - started,
    }));
    const search = api('GET', `/api/knowledge/search?q=${encodeURIComponent(`sourdough ${tag} starter`)}`, {
      key,
    }).then((res) => ({ status: res.status, ms: performance.now() - started }));
    const [answer, other] = await Promise.all([asked, search]);
    expect(answer.status).toBe(200);
    expect(other.status).toBe(200);
    expect(answer.ms).toBeLessThan(3_000);
    expect(other.ms).toBeLessThan(3_000);
  });
});
