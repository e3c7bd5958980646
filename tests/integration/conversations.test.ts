import { beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, newKey } from '../support/http';
import { readReply, send } from './chat/chat-helpers';

type Conversation = { id: string; title: string | null; createdAt: string; updatedAt: string; messages: unknown[] };

let alice: string;
let bob: string;

beforeAll(async () => {
  alice = (await newKey('user', 'alice')).key;
  bob = (await newKey('user', 'bob')).key;
});

describe('conversations', () => {
  it('creates a conversation with 201, Location and an empty message list', async () => {
    const res = await api('POST', '/api/conversations', { key: alice, json: { title: '  Trip planning  ' } });
    expect(res.status).toBe(201);
    const body = await bodyOf<Conversation>(res);
    expect(res.headers.get('location')).toBe(`/api/conversations/${body.id}`);
    expect(body).toMatchObject({ title: 'Trip planning', messages: [] });
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/); // UUIDv7
    expect(new Date(body.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('creates an untitled conversation from an empty body, as `curl -X POST` sends it', async () => {
    const res = await api('POST', '/api/conversations', { key: alice });
    expect(res.status).toBe(201);
    expect((await bodyOf<Conversation>(res)).title).toBeNull();
    const streamed = await api('POST', '/api/conversations', {
      key: alice,
      body: new ReadableStream({ start: (c) => c.close() }),
    });
    expect(streamed.status).toBe(201);
    const text = await api('POST', '/api/conversations', { key: alice, body: 'title=x' });
    expect(text.status).toBe(415);
  });

  it('reads back what was created', async () => {
    const created = await bodyOf<Conversation>(
      await api('POST', '/api/conversations', { key: alice, json: { title: 'Read me' } }),
    );
    const res = await api('GET', `/api/conversations/${created.id}`, { key: alice });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(created);
  });

  it('lists only the caller’s conversations, most recent first, with cursor pagination', async () => {
    const carol = (await newKey('user', 'carol')).key;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const c = await bodyOf<Conversation>(
        await api('POST', '/api/conversations', { key: carol, json: { title: `c${i}` } }),
      );
      ids.push(c.id);
    }
    await api('POST', '/api/conversations', { key: bob, json: { title: 'not carol' } });

    const first = await bodyOf<{ data: Conversation[]; nextCursor: string | null }>(
      await api('GET', '/api/conversations?limit=2', { key: carol }),
    );
    expect(first.data.map((c) => c.title)).toEqual(['c4', 'c3']);
    expect(first.nextCursor).toBeTruthy();
    const second = await bodyOf<{ data: Conversation[]; nextCursor: string | null }>(
      await api('GET', `/api/conversations?limit=2&cursor=${first.nextCursor}`, { key: carol }),
    );
    expect(second.data.map((c) => c.title)).toEqual(['c2', 'c1']);
    const third = await bodyOf<{ data: Conversation[]; nextCursor: string | null }>(
      await api('GET', `/api/conversations?limit=2&cursor=${second.nextCursor}`, { key: carol }),
    );
    expect(third.data.map((c) => c.title)).toEqual(['c0']);
    expect(third.nextCursor).toBeNull();
  });

  it('finds conversations by their title or by what was said in them (q), the caller’s only', async () => {
    const dave = (await newKey('user', 'dave')).key;
    const create = async (k: string, title?: string) =>
      (await bodyOf<Conversation>(await api('POST', '/api/conversations', { key: k, json: title ? { title } : {} })))
        .id;
    const byTitle = await create(dave, 'Kayak Rental notes');
    const byQuestion = await create(dave);
    await readReply(await send(dave, byQuestion, { content: 'Where can I rent a KAYAK near the harbour?' }));
    const percent = await create(dave, '100% sure_thing');
    await create(dave, 'Unrelated');
    await create(bob, 'kayak plans of someone else');
    const find = async (q: string, extra = '') => {
      const res = await api('GET', `/api/conversations?q=${encodeURIComponent(q)}${extra}`, { key: dave });
      expect(res.status).toBe(200);
      return bodyOf<{ data: Conversation[]; nextCursor: string | null }>(res);
    };
    // Newest first: the question was asked after the titled one was created.
    expect((await find('kayak')).data.map((c) => c.id)).toEqual([byQuestion, byTitle]);
    expect((await find('  rent a kayak ')).data.map((c) => c.id)).toEqual([byQuestion]);
    // `%` and `_` are text, not wildcards.
    expect((await find('%')).data.map((c) => c.id)).toEqual([percent]);
    expect((await find('r_n')).data.map((c) => c.id)).toEqual([]); // as a wildcard, it would match "Rental" and "rent"
    expect((await find('nothing like this')).data).toEqual([]);
    // Pages as the plain listing does.
    const first = await find('kayak', '&limit=1');
    expect(first.data.map((c) => c.id)).toEqual([byQuestion]);
    const second = await find('kayak', `&limit=1&cursor=${first.nextCursor}`);
    expect(second).toEqual({ data: [expect.objectContaining({ id: byTitle })], nextCursor: null });

    // An edited question leaves its first version off the branch on show: the search follows what is shown.
    const edited = await create(dave, 'Water questions'); // titled: not named after its first question
    await readReply(await send(dave, edited, { content: 'How deep is the canoe lake?' }));
    await readReply(await send(dave, edited, { content: 'How deep is the rowing pond?', edit: true }));
    expect((await find('canoe')).data.map((c) => c.id)).toEqual([]);
    expect((await find('rowing pond')).data.map((c) => c.id)).toEqual([edited]);
    const [older] = (
      await bodyOf<{ messages: { id: string; metadata: { versions?: string[] } }[] }>(
        await api('GET', `/api/conversations/${edited}`, { key: dave }),
      )
    ).messages[0]!.metadata.versions!;
    await api('PATCH', `/api/conversations/${edited}`, { key: dave, json: { messageId: older } });
    expect((await find('canoe')).data.map((c) => c.id)).toEqual([edited]);
    expect((await find('rowing pond')).data.map((c) => c.id)).toEqual([]);

    for (const bad of ['', '   ', 'a\u0000b', 'x'.repeat(201)]) {
      const res = await api('GET', `/api/conversations?q=${encodeURIComponent(bad)}`, { key: dave });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
  });

  it('renames and deletes', async () => {
    const c = await bodyOf<Conversation>(await api('POST', '/api/conversations', { key: alice, json: {} }));
    const renamed = await api('PATCH', `/api/conversations/${c.id}`, { key: alice, json: { title: 'Renamed' } });
    expect(renamed.status).toBe(200);
    expect((await bodyOf<Conversation>(renamed)).title).toBe('Renamed');
    expect((await bodyOf<Conversation>(await api('GET', `/api/conversations/${c.id}`, { key: alice }))).title).toBe(
      'Renamed',
    );

    expect((await api('DELETE', `/api/conversations/${c.id}`, { key: alice })).status).toBe(204);
    expect((await api('GET', `/api/conversations/${c.id}`, { key: alice })).status).toBe(404);
    expect((await api('DELETE', `/api/conversations/${c.id}`, { key: alice })).status).toBe(404);
  });
});

describe('isolation between owners', () => {
  it('gives B the same 404 for A’s conversation as for an unknown id, and leaves A’s data unchanged', async () => {
    const c = await bodyOf<Conversation>(
      await api('POST', '/api/conversations', { key: alice, json: { title: 'Private' } }),
    );
    const unknown = await api('GET', '/api/conversations/0190d0f2-0000-7000-8000-000000000000', { key: bob });
    const foreign = await api('GET', `/api/conversations/${c.id}`, { key: bob });
    expect(foreign.status).toBe(404);
    const [u, f] = [await bodyOf(unknown), await bodyOf(foreign)];
    expect({ ...f, requestId: undefined }).toEqual({ ...u, requestId: undefined });

    expect((await api('PATCH', `/api/conversations/${c.id}`, { key: bob, json: { title: 'pwned' } })).status).toBe(404);
    expect((await api('DELETE', `/api/conversations/${c.id}`, { key: bob })).status).toBe(404);

    const list = await bodyOf<{ data: Conversation[] }>(await api('GET', '/api/conversations?limit=100', { key: bob }));
    expect(list.data.map((x) => x.id)).not.toContain(c.id);

    const still = await bodyOf<Conversation>(await api('GET', `/api/conversations/${c.id}`, { key: alice }));
    expect(still.title).toBe('Private');
  });
});

describe('conversation input', () => {
  it('ignores mass-assigned fields', async () => {
    // A literal "__proto__" key (an object literal would set the prototype instead of sending the key).
    const raw =
      '{"title":"Mine","id":"0190d0f2-0000-7000-8000-000000000001","ownerId":"x","createdAt":"2000-01-01T00:00:00Z","__proto__":{"admin":true,"title":"Theirs"}}';
    const res = await api('POST', '/api/conversations', {
      key: alice,
      body: raw,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(201);
    const body = await bodyOf<Conversation>(res);
    expect(body.id).not.toBe('0190d0f2-0000-7000-8000-000000000001');
    expect(body.title).toBe('Mine');
    expect(body.createdAt.startsWith('2000')).toBe(false);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect((await api('GET', `/api/conversations/${body.id}`, { key: alice })).status).toBe(200);
  });

  it.each([
    ['empty title', { title: '   ' }],
    ['title of invisible characters only', { title: '\u200B\u2060\u200E' }],
    ['title one over the limit', { title: 'x'.repeat(201) }],
    ['title of the wrong type', { title: 42 }],
    ['NUL in the title', { title: 'a\u0000b' }],
  ])('rejects %s with 400 and the field named', async (_name, json) => {
    const res = await api('POST', '/api/conversations', { key: alice, json });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const body = await bodyOf<{ errors: { pointer: string }[] }>(res);
    expect(body.errors[0]?.pointer).toBe('#/title');
  });

  it('accepts a title of exactly the maximum length', async () => {
    const res = await api('POST', '/api/conversations', { key: alice, json: { title: 'x'.repeat(200) } });
    expect(res.status).toBe(201);
  });

  it('keeps RTL overrides, zero-width and combining floods intact', async () => {
    const title = `a\u202Eb\u200Bc${'e\u0301'.repeat(50)}`;
    const c = await bodyOf<Conversation>(await api('POST', '/api/conversations', { key: alice, json: { title } }));
    expect(c.title).toBe(title);
  });

  it.each([
    ['not-a-cursor'],
    [
      Buffer.from(JSON.stringify(['0000-01-01T00:00:00-14:00', '01a21158-b09f-7147-a823-478020b78fdc'])).toString(
        'base64url',
      ),
    ],
    [
      Buffer.from(JSON.stringify(['+275760-09-13T00:00:00Z', '01a21158-b09f-7147-a823-478020b78fdc'])).toString(
        'base64url',
      ),
    ],
  ])('rejects the tampered cursor %s with 400', async (cursor) => {
    const res = await api('GET', `/api/conversations?cursor=${cursor}`, { key: alice });
    expect(res.status).toBe(400);
    expect((await bodyOf<{ errors: { parameter?: string }[] }>(res)).errors[0]?.parameter).toBe('cursor');
  });

  it.each([['0'], ['101'], ['abc']])('rejects limit=%s with 400', async (limit) => {
    expect((await api('GET', `/api/conversations?limit=${limit}`, { key: alice })).status).toBe(400);
  });

  it.each([['not-a-uuid'], ['..%2F..%2Fetc'], ['x'.repeat(10_000)]])(
    'rejects the id %#: 400, never 500',
    async (id) => {
      const res = await api('GET', `/api/conversations/${id}`, { key: alice });
      expect(res.status).toBe(400);
    },
  );
});
