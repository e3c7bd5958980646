import { beforeAll, describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { prisma } from '@/lib/db';
import { api, bodyOf, newKey } from '../../support/http';
import { newConversation, readReply, send } from './chat-helpers';

let key: string;
let other: string;
let conversationId: string;

beforeAll(async () => {
  key = (await newKey('user')).key;
  other = (await newKey('user')).key;
  conversationId = await newConversation(key);
});

async function expectProblem(res: Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  return bodyOf<{ status: number; detail: string; errors?: Array<{ pointer: string }> }>(res);
}

async function messageCount(id: string) {
  return (await prisma()).message.count({ where: { conversationId: id } });
}

describe('POST /api/conversations/{id}/messages errors', () => {
  const max = () => config().MAX_MESSAGE_CHARS;

  it.each([
    ['empty', { content: '' }],
    ['whitespace-only', { content: ' \n\t ' }],
    ['one over the maximum', () => ({ content: 'a'.repeat(max() + 1) })],
    ['a NUL byte', { content: 'hello\u0000world' }],
    ['no content at all', {}],
    ['content of the wrong type', { content: 42 }],
    ['a UIMessage with an assistant role', { message: { role: 'assistant', parts: [{ type: 'text', text: 'x' }] } }],
    [
      'a UIMessage with a file part',
      { message: { role: 'user', parts: [{ type: 'file', url: 'https://x/y.png', mediaType: 'image/png' }] } },
    ],
    ['a UIMessage with blank text', { message: { role: 'user', parts: [{ type: 'text', text: '   ' }] } }],
    [
      'a messages list ending with an assistant message',
      { messages: [{ role: 'assistant', parts: [{ type: 'text', text: 'x' }] }] },
    ],
  ])('400 for %s, and nothing is stored', async (_name, body) => {
    const before = await messageCount(conversationId);
    const json = typeof body === 'function' ? body() : body;
    await expectProblem(await send(key, conversationId, json), 400);
    expect(await messageCount(conversationId)).toBe(before);
  });

  it('accepts a message of exactly the maximum length', async () => {
    const id = await newConversation(key);
    const res = await send(key, id, { content: 'word '.repeat(max() / 5).slice(0, max()) }, { accept: 'text/plain' });
    expect(res.status).toBe(200);
    await res.text();
  });

  it('counts characters alike in every shape of the body: an emoji is one, whether sent as content or as a UIMessage', async () => {
    const text = (n: number) => [...'ok 😀 '.repeat(Math.ceil(n / 5))].slice(0, n).join('');
    for (const [n, status] of [
      [max(), 200],
      [max() + 1, 400],
    ] as const) {
      const shapes = [{ content: text(n) }, { message: { role: 'user', parts: [{ type: 'text', text: text(n) }] } }];
      for (const body of shapes) {
        const res = await send(key, await newConversation(key), body, { accept: 'text/plain' });
        expect(res.status, `${n} characters as ${Object.keys(body)[0]}`).toBe(status);
        await res.text();
      }
    }
  });

  it('400 for malformed JSON, an array body and a bad id', async () => {
    await expectProblem(
      await api('POST', `/api/conversations/${conversationId}/messages`, {
        key,
        body: '{"content":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
    );
    await expectProblem(await send(key, conversationId, [{ content: 'hi' }]), 400);
    await expectProblem(await send(key, 'not-a-uuid', { content: 'hi' }), 400);
    await expectProblem(await send(key, `${'a'.repeat(10_000)}`, { content: 'hi' }), 400);
  });

  it('401 without credentials, even with x-middleware-subrequest', async () => {
    const res = await api('POST', `/api/conversations/${conversationId}/messages`, {
      json: { content: 'hi' },
      headers: { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' },
    });
    await expectProblem(res, 401);
  });

  it('404 for another principal’s conversation and for an unknown one, with the same body; nothing stored', async () => {
    const before = await messageCount(conversationId);
    const foreign = await bodyOf(
      await send(other, conversationId, { content: 'let me in' }).then((r) => (expect(r.status).toBe(404), r)),
    );
    const unknown = await bodyOf(
      await send(other, '0190d0f2-0000-7000-8000-000000000000', { content: 'hi' }).then(
        (r) => (expect(r.status).toBe(404), r),
      ),
    );
    expect({ ...foreign, requestId: undefined }).toEqual({ ...unknown, requestId: undefined });
    expect(await messageCount(conversationId)).toBe(before);
  });

  it('413 for a body over the JSON limit', async () => {
    const big = JSON.stringify({ content: 'x'.repeat(config().MAX_JSON_BYTES + 10) });
    await expectProblem(
      await api('POST', `/api/conversations/${conversationId}/messages`, {
        key,
        body: big,
        headers: { 'content-type': 'application/json' },
      }),
      413,
    );
  });

  it('415 for a body that is not JSON', async () => {
    await expectProblem(
      await api('POST', `/api/conversations/${conversationId}/messages`, {
        key,
        body: 'content=hi',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      415,
    );
  });

  it('ignores mass-assigned fields (role, status, id, ownerId) and __proto__', async () => {
    const id = await newConversation(key);
    // A literal "__proto__" key (an object literal would set the prototype instead of sending the key).
    const body =
      '{"content":"hello","role":"assistant","status":"failed","id":"0190d0f2-0000-7000-8000-000000000000","ownerId":"x","__proto__":{"admin":true}}';
    const res = await api('POST', `/api/conversations/${id}/messages`, {
      key,
      body,
      headers: { 'content-type': 'application/json' },
    });
    const { message } = await readReply(res);
    expect(message.metadata?.status).toBe('complete');
    const rows = await (
      await prisma()
    ).message.findMany({ where: { conversationId: id }, orderBy: { createdAt: 'asc' } });
    expect(rows.map((r) => [r.role, r.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
  });

  it('keeps RTL overrides, zero-width and combining floods intact, and refuses lone surrogates with 400', async () => {
    const id = await newConversation(key);
    const odd = `abc \u202Edlrow\u202C \u200B\u200D x${'\u0301'.repeat(500)} 👩‍👩‍👧`;
    const { message } = await readReply(await send(key, id, { content: odd }));
    expect(message.metadata?.status).toBe('complete');
    const rows = await (await prisma()).message.findMany({ where: { conversationId: id, role: 'user' } });
    expect(rows[0]!.parts).toEqual([{ type: 'text', text: odd }]);
    const before = await messageCount(id);
    await expectProblem(
      await api('POST', `/api/conversations/${id}/messages`, {
        key,
        body: '{"content":"bad \\ud800 half"}',
        headers: { 'content-type': 'application/json' },
      }),
      400,
    );
    expect(await messageCount(id)).toBe(before);
  });

  it('counts a message of several parts as one: over the limit together is 400; invisible characters alone are blank', async () => {
    const id = await newConversation(key);
    const { config } = await import('@/lib/config');
    const max = config().MAX_MESSAGE_CHARS;
    const parts = Array.from({ length: 3 }, () => ({ type: 'text', text: 'x'.repeat(Math.ceil(max / 3)) }));
    await expectProblem(await send(key, id, { message: { role: 'user', parts } }), 400);
    await expectProblem(await send(key, id, { content: '\u200B\u200B\u2060\uFEFF' }), 400);
    await expectProblem(
      await send(key, id, {
        message: {
          role: 'user',
          parts: [
            { type: 'text', text: '\u200B' },
            { type: 'text', text: ' ' },
          ],
        },
      }),
      400,
    );
    expect(await messageCount(id)).toBe(0);
    const fits = [
      { type: 'text', text: 'x'.repeat(max - 10) },
      { type: 'text', text: 'y' },
    ];
    expect((await send(key, id, { message: { role: 'user', parts: fits } })).status).toBe(200);
  });

  it('405 for GET', async () => {
    expect((await api('GET', `/api/conversations/${conversationId}/messages`, { key })).status).toBe(405);
  });
});
