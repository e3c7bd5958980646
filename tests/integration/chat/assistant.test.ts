import { beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_LIMITS, DEFAULT_ASSISTANT, type AssistantProfile } from '@/lib/assistant/assistant-profile';
import { prisma } from '@/lib/db';
import { api, bodyOf, newKey } from '../../support/http';
import { newConversation, readReply, send, textOf } from './chat-helpers';

// The assistant's profile: admins change it, everyone (and every reply) reads it. The file's own
// database starts with the defaults; each test restores them when it is done.
let user: string;
let admin: string;

beforeAll(async () => {
  user = (await newKey('user')).key;
  admin = (await newKey('admin')).key;
});

const read = async (key: string) => {
  const res = await api('GET', '/api/assistant', { key });
  expect(res.status).toBe(200);
  return { body: await bodyOf<AssistantProfile>(res), etag: res.headers.get('etag')! };
};
const change = (json: unknown, headers: Record<string, string> = {}, key = admin) =>
  api('PATCH', '/api/assistant', { key, json, headers });
const restoreDefaults = () =>
  change({ name: null, greeting: null, description: null, starters: null, instructions: null });

describe('the assistant profile', () => {
  it('is the defaults until an admin changes it, and shows the instructions to admins only', async () => {
    const { body, etag } = await read(user);
    expect(body).toEqual({ ...DEFAULT_ASSISTANT, instructions: undefined, updatedAt: null });
    expect('instructions' in body).toBe(false);
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await read(admin)).body.instructions).toBe('');
    expect((await api('GET', '/api/assistant')).status).toBe(401);
  });

  it('takes a merge patch: fields sent change, fields left out stay, null restores a default', async () => {
    const res = await change(
      {
        name: '  Acme Help  ',
        greeting: 'Ask Acme anything',
        starters: ['How do refunds work?', 'Where is my parcel?'],
        instructions: 'Answer in a friendly tone.\nKeep it short.',
      },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(res.status).toBe(200);
    const changed = await bodyOf<AssistantProfile>(res);
    expect(changed).toMatchObject({
      name: 'Acme Help',
      greeting: 'Ask Acme anything',
      description: DEFAULT_ASSISTANT.description,
      starters: ['How do refunds work?', 'Where is my parcel?'],
      instructions: 'Answer in a friendly tone.\nKeep it short.',
    });
    expect(Date.now() - Date.parse(changed.updatedAt!)).toBeLessThan(60_000);
    expect(res.headers.get('etag')).toBe((await read(admin)).etag);

    const seen = (await read(user)).body;
    expect(seen).toMatchObject({ name: 'Acme Help', starters: ['How do refunds work?', 'Where is my parcel?'] });
    expect('instructions' in seen).toBe(false);

    const partly = await bodyOf<AssistantProfile>(
      await change({ name: null, description: 'Orders, refunds and delivery.' }),
    );
    expect(partly).toMatchObject({
      name: DEFAULT_ASSISTANT.name,
      greeting: 'Ask Acme anything',
      description: 'Orders, refunds and delivery.',
      instructions: 'Answer in a friendly tone.\nKeep it short.',
    });

    const reset = await bodyOf<AssistantProfile>(await restoreDefaults());
    expect(reset).toMatchObject(DEFAULT_ASSISTANT);
  });

  it('is changed by admins only (checklist 4)', async () => {
    const before = await read(admin);
    const res = await change({ name: 'Not allowed' }, {}, user);
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await read(admin)).toEqual(before);
  });

  it.each([
    [{ name: '' }, '#/name', /must not be empty/],
    [{ name: '   ' }, '#/name', /must not be empty/],
    [{ name: '\u200B\u200D' }, '#/name', /must have a visible character/],
    [{ name: 'x'.repeat(ASSISTANT_LIMITS.name + 1) }, '#/name', /at most 60/],
    [{ greeting: 'two\nlines' }, '#/greeting', /one line/],
    [{ description: 'tab\there' }, '#/description', /one line/],
    [
      { starters: Array.from({ length: ASSISTANT_LIMITS.starters + 1 }, (_, i) => `Question ${i}?`) },
      '#/starters',
      /at most 6/,
    ],
    [{ starters: ['Same?', 'same?'] }, '#/starters', /repeat/],
    [{ starters: ['ok?', 'y'.repeat(ASSISTANT_LIMITS.starter + 1)] }, '#/starters/1', /at most 150/],
    [{ instructions: 'z'.repeat(ASSISTANT_LIMITS.instructions + 1) }, '#/instructions', /at most 4000/],
    [{ name: 'Mass', updatedAt: '2000-01-01T00:00:00.000Z' }, '#', /updatedAt/],
  ])('refuses %j with a 400 naming the field, and changes nothing', async (json, pointer, detail) => {
    const before = await read(admin);
    const res = await change(json);
    expect(res.status).toBe(400);
    const problem = await bodyOf<{ errors: { pointer: string; detail: string }[] }>(res);
    expect(problem.errors[0]).toMatchObject({ pointer });
    expect(problem.errors.map((e) => e.detail).join(' ')).toMatch(detail);
    expect(await read(admin)).toEqual(before);
  });

  it('accepts each field at its limit', async () => {
    const json = {
      name: 'n'.repeat(ASSISTANT_LIMITS.name),
      starters: Array.from({ length: ASSISTANT_LIMITS.starters }, (_, i) =>
        `${i}`.padEnd(ASSISTANT_LIMITS.starter, '?'),
      ),
      instructions: 'i'.repeat(ASSISTANT_LIMITS.instructions),
    };
    const res = await change(json);
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toMatchObject(json);
    await restoreDefaults();
  });

  it('with If-Match, changes only the version that was read (412 otherwise, nothing lost)', async () => {
    const { etag } = await read(admin);
    const first = await change({ greeting: 'First admin' }, { 'if-match': etag });
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).not.toBe(etag);

    const stale = await change({ greeting: 'Second admin, from an old read' }, { 'if-match': etag });
    expect(stale.status).toBe(412);
    expect(stale.headers.get('content-type')).toContain('application/problem+json');
    expect((await read(admin)).body.greeting).toBe('First admin');

    expect(
      (await change({ greeting: 'Second admin, read again' }, { 'if-match': first.headers.get('etag')! })).status,
    ).toBe(200);
    expect((await change({ greeting: 'Anyone' }, { 'if-match': '*' })).status).toBe(200);
    await restoreDefaults();
  });

  it('keeps both of two changes to different fields made at once', async () => {
    const [a, b] = await Promise.all([
      change({ name: 'Concurrent name' }),
      change({ greeting: 'Concurrent greeting' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await read(user)).body).toMatchObject({ name: 'Concurrent name', greeting: 'Concurrent greeting' });
    await restoreDefaults();
  });
});

describe('replies under the profile', () => {
  it('the local model introduces itself by the name an admin chose, in a conversation and on /ask', async () => {
    await change({ name: 'Acme Help' });
    try {
      const id = await newConversation(user);
      const { message } = await readReply(await send(user, id, { content: 'Who are you?' }));
      expect(textOf(message)).toMatch(/^I am Acme Help, the assistant of this knowledge base\./);
      // Greeted by its name, it greets back and cites nothing.
      const greeted = (await readReply(await send(user, id, { content: 'Hi Acme Help!' }))).message;
      expect(textOf(greeted)).toMatch(/^Hello!/);
      expect(greeted.parts.filter((p) => p.type === 'data-citation')).toEqual([]);

      const ask = await api('POST', '/api/ask', { key: user, json: { question: 'What is your name?' } });
      expect(ask.status).toBe(200);
      expect((await bodyOf<{ answer: string }>(ask)).answer).toMatch(/^I am Acme Help\b/);
    } finally {
      await restoreDefaults();
    }
    const id = await newConversation(user);
    expect(textOf((await readReply(await send(user, id, { content: 'Who are you?' }))).message)).toMatch(
      /^I am Groundwork’s built-in assistant\./,
    );
  });

  it('a change another instance made reaches replies within two seconds, and the API at once', async () => {
    const id = await newConversation(user);
    const whoAreYou = async () => textOf((await readReply(await send(user, id, { content: 'Who are you?' }))).message);
    expect(await whoAreYou()).toMatch(/^I am Groundwork’s built-in assistant\./); // read, and kept for a while
    // Another instance writes the row; this one has not seen the write.
    const db = await prisma();
    await db.setting.update({
      where: { key: 'assistant' },
      data: { value: JSON.stringify({ name: 'Elsewhere Help' }) },
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect(await whoAreYou()).toMatch(/^I am Elsewhere Help,/);
      await db.setting.update({
        where: { key: 'assistant' },
        data: { value: JSON.stringify({ greeting: 'Elsewhere again' }) },
      });
      expect((await read(user)).body).toMatchObject({ name: DEFAULT_ASSISTANT.name, greeting: 'Elsewhere again' });
    } finally {
      await restoreDefaults();
    }
  });
});
