import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import type { FeedbackPage } from '@/lib/schemas/feedback';
import { api, bodyOf, newKey } from '../../support/http';
import { addSource, getConversation, newConversation, readReply, send, textOf } from './chat-helpers';

// Ratings of replies: the owner rates through the conversation, admins read them all. The replies
// are the local model's, grounded in a real source, so a rating carries real citations.
let alice: string;
let bob: string;
let admin: string;
let sourceId: string;

beforeAll(async () => {
  alice = (await newKey('user', 'alice')).key;
  bob = (await newKey('user', 'bob')).key;
  admin = (await newKey('admin')).key;
  sourceId = await addSource('Refund policy', [
    'Refunds are paid back to the original card within five working days.',
    'Gift cards cannot be refunded once they have been used.',
  ]);
});

/** A conversation of `key` with one question and its (ended) reply. */
async function askedOnce(key: string, question: string) {
  const id = await newConversation(key);
  const { message } = await readReply(await send(key, id, { content: question }));
  return { id, reply: message, questionId: message.metadata!.questionId! };
}

const rate = (key: string, conversationId: string, messageId: string, json: unknown) =>
  api('PUT', `/api/conversations/${conversationId}/messages/${messageId}/feedback`, { key, json });
const unrate = (key: string, conversationId: string, messageId: string) =>
  api('DELETE', `/api/conversations/${conversationId}/messages/${messageId}/feedback`, { key });
const listed = async (query = '') => {
  const res = await api('GET', `/api/feedback${query}`, { key: admin });
  expect(res.status).toBe(200);
  return bodyOf<FeedbackPage>(res);
};
const replyIn = async (key: string, conversationId: string, messageId: string) =>
  (await getConversation(key, conversationId)).messages.find((m) => m.id === messageId)!;

describe('rating a reply', () => {
  it('stores the rating, shows it on the reply, changes it in place and takes it back', async () => {
    const { id, reply } = await askedOnce(alice, 'How long do refunds take?');
    const before = (await listed()).counts;

    const res = await rate(alice, id, reply.id, {
      rating: 'down',
      comment: '  It should say working days, not days.  ',
    });
    expect(res.status).toBe(200);
    const stored = await bodyOf<{ rating: string; comment: string; createdAt: string; updatedAt: string }>(res);
    expect(stored).toMatchObject({ rating: 'down', comment: 'It should say working days, not days.' });
    expect((await replyIn(alice, id, reply.id)).metadata?.feedback).toEqual({
      rating: 'down',
      comment: 'It should say working days, not days.',
    });
    expect((await listed()).counts).toEqual({ up: before.up, down: before.down + 1 });

    // Rating again replaces the rating (one per reply); no comment is no comment.
    const changed = await bodyOf<{ rating: string; comment: string | null; createdAt: string; updatedAt: string }>(
      await rate(alice, id, reply.id, { rating: 'up' }),
    );
    expect(changed).toMatchObject({ rating: 'up', comment: null, createdAt: stored.createdAt });
    expect(Date.parse(changed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(stored.updatedAt));
    expect((await replyIn(alice, id, reply.id)).metadata?.feedback).toEqual({ rating: 'up', comment: null });
    expect((await listed()).counts).toEqual({ up: before.up + 1, down: before.down });

    expect((await unrate(alice, id, reply.id)).status).toBe(204);
    expect((await replyIn(alice, id, reply.id)).metadata).not.toHaveProperty('feedback');
    expect((await listed()).counts).toEqual(before);
    // Taking back a rating that is not there changes nothing.
    expect((await unrate(alice, id, reply.id)).status).toBe(204);
  });

  it('gives admins each rating with its question, the reply and the passages it cited, newest first', async () => {
    const first = await askedOnce(alice, 'How long do refunds take?');
    const second = await askedOnce(bob, 'Can gift cards be refunded?');
    expect((await rate(alice, first.id, first.reply.id, { rating: 'up' })).status).toBe(200);
    expect((await rate(bob, second.id, second.reply.id, { rating: 'down', comment: 'Which gift cards?' })).status).toBe(
      200,
    );

    const page = await listed();
    const [newest, older] = page.data;
    expect(newest).toMatchObject({
      messageId: second.reply.id,
      rating: 'down',
      comment: 'Which gift cards?',
      question: 'Can gift cards be refunded?',
      answer: textOf(second.reply),
      model: second.reply.metadata!.model,
    });
    expect(older).toMatchObject({
      messageId: first.reply.id,
      rating: 'up',
      question: 'How long do refunds take?',
      answer: textOf(first.reply),
    });
    // The citations are the reply's own, as streamed: they open the cited passage.
    const cited = second.reply.parts.filter((p) => p.type === 'data-citation').map((p) => p.data);
    expect(cited.length).toBeGreaterThan(0);
    expect(newest!.citations).toEqual(cited);
    expect(newest!.citations.every((c) => c.sourceId === sourceId)).toBe(true);

    // Only one kind, and page by page.
    expect((await listed('?rating=up')).data.map((e) => e.messageId)).toContain(first.reply.id);
    expect((await listed('?rating=up')).data.map((e) => e.messageId)).not.toContain(second.reply.id);
    const one = await listed('?limit=1');
    expect(one.data.map((e) => e.messageId)).toEqual([second.reply.id]);
    const next = await listed(`?limit=1&cursor=${one.nextCursor}`);
    expect(next.data.map((e) => e.messageId)).toEqual([first.reply.id]);
  });

  it('goes with the conversation: deleting it deletes its ratings', async () => {
    const { id, reply } = await askedOnce(alice, 'How long do refunds take?');
    expect((await rate(alice, id, reply.id, { rating: 'down' })).status).toBe(200);
    expect((await listed()).data.map((e) => e.messageId)).toContain(reply.id);
    expect((await api('DELETE', `/api/conversations/${id}`, { key: alice })).status).toBe(204);
    expect((await listed()).data.map((e) => e.messageId)).not.toContain(reply.id);
  });

  it('rates only replies that have ended, in the caller’s own conversations', async () => {
    const { id, reply, questionId } = await askedOnce(alice, 'How long do refunds take?');
    const other = await askedOnce(alice, 'Can gift cards be refunded?');

    // Another person's conversation is a 404, as an unknown id is: its existence is not revealed.
    const foreign = await rate(bob, id, reply.id, { rating: 'down' });
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const unknownConversation = await rate(bob, crypto.randomUUID(), reply.id, { rating: 'down' });
    expect(await bodyOf(unknownConversation)).toMatchObject({ status: 404, detail: (await bodyOf(foreign)).detail });
    expect((await unrate(bob, id, reply.id)).status).toBe(404);
    // A reply of another of one's conversations is not a message of this one.
    const elsewhere = await rate(alice, id, other.reply.id, { rating: 'down' });
    expect(await bodyOf(elsewhere)).toMatchObject({
      status: 404,
      detail: 'No message in this conversation with that id.',
    });

    const question = await rate(alice, id, questionId, { rating: 'up' });
    expect(question.status).toBe(422);
    expect((await bodyOf(question)).detail).toMatch(/only a reply can be rated/i);

    // A reply being written: no rating until it ends. One whose writer died (no heartbeat) has ended.
    const db = await prisma();
    await db.message.update({ where: { id: reply.id }, data: { status: 'streaming' } });
    const writing = await rate(alice, id, reply.id, { rating: 'up' });
    expect(writing.status).toBe(409);
    expect((await bodyOf(writing)).detail).toMatch(/still being written/);
    await db.$executeRaw`UPDATE messages SET updated_at = now() - interval '1 minute' WHERE id = ${reply.id}::uuid`;
    expect((await rate(alice, id, reply.id, { rating: 'up' })).status).toBe(200);

    expect(
      await (await prisma()).messageFeedback.count({ where: { messageId: { in: [questionId, other.reply.id] } } }),
    ).toBe(0);
  });

  it('refuses bad input with a problem that names the field, and changes nothing', async () => {
    const { id, reply } = await askedOnce(alice, 'How long do refunds take?');
    const cases: [unknown, string][] = [
      [{ rating: 'meh' }, '#/rating'],
      [{}, '#/rating'],
      [{ rating: 'up', comment: 'x'.repeat(2001) }, '#/comment'],
      [{ rating: 'up', comment: 'a\u0000b' }, '#/comment'],
      [{ rating: 'up', stars: 5 }, '#'],
    ];
    for (const [json, pointer] of cases) {
      const res = await rate(alice, id, reply.id, json);
      expect(res.status, JSON.stringify(json).slice(0, 40)).toBe(400);
      const problem = await bodyOf<{ errors: { pointer?: string }[] }>(res);
      expect(problem.errors.map((e) => e.pointer)).toContain(pointer);
    }
    const array = await rate(alice, id, reply.id, ['up']);
    expect(await bodyOf(array)).toMatchObject({ status: 400, detail: 'The body must be a JSON object.' });
    const badId = await rate(alice, id, 'not-a-uuid', { rating: 'up' });
    expect(badId.status).toBe(400);
    expect((await bodyOf<{ errors: { parameter?: string }[] }>(badId)).errors[0]?.parameter).toBe('messageId');
    const text = await api('PUT', `/api/conversations/${id}/messages/${reply.id}/feedback`, {
      key: alice,
      body: 'rating=up',
    });
    expect(text.status).toBe(415);
    expect(
      (await api('PUT', `/api/conversations/${id}/messages/${reply.id}/feedback`, { json: { rating: 'up' } })).status,
    ).toBe(401);
    expect(
      (
        await api('POST', `/api/conversations/${id}/messages/${reply.id}/feedback`, {
          key: alice,
          json: { rating: 'up' },
        })
      ).status,
    ).toBe(405);
    expect((await replyIn(alice, id, reply.id)).metadata).not.toHaveProperty('feedback');
  });

  it('lists the replies that cited nothing apart from those that cited a passage', async () => {
    const grounded = await askedOnce(alice, 'Can gift cards be refunded?');
    const unknown = await askedOnce(alice, 'Which moons of Neptune have geysers?');
    expect(grounded.reply.parts.some((p) => p.type === 'data-citation')).toBe(true);
    expect(unknown.reply.parts.some((p) => p.type === 'data-citation')).toBe(false);
    for (const { id, reply } of [grounded, unknown])
      expect((await rate(alice, id, reply.id, { rating: 'down' })).status).toBe(200);

    const ids = (page: FeedbackPage) => page.data.map((e) => e.messageId);
    const nothing = await listed('?rating=down&cited=false');
    expect(ids(nothing)).toContain(unknown.reply.id);
    expect(ids(nothing)).not.toContain(grounded.reply.id);
    expect(nothing.data.every((e) => e.citations.length === 0)).toBe(true);
    const something = await listed('?cited=true');
    expect(ids(something)).toContain(grounded.reply.id);
    expect(ids(something)).not.toContain(unknown.reply.id);
    expect(something.data.every((e) => e.citations.length > 0)).toBe(true);
    // The counts are of every rating, whatever the filter.
    expect(nothing.counts).toEqual((await listed()).counts);

    const bad = await api('GET', '/api/feedback?cited=maybe', { key: admin });
    expect(bad.status).toBe(400);
    expect((await bodyOf<{ errors: { parameter?: string; detail: string }[] }>(bad)).errors[0]).toMatchObject({
      parameter: 'cited',
      detail: 'must be true or false',
    });
  });

  it('is read by admins only', async () => {
    expect((await api('GET', '/api/feedback', { key: alice })).status).toBe(403);
    expect((await api('GET', '/api/feedback')).status).toBe(401);
    const bad = await api('GET', '/api/feedback?rating=sideways', { key: admin });
    expect(bad.status).toBe(400);
    expect((await bodyOf<{ errors: { parameter?: string }[] }>(bad)).errors[0]?.parameter).toBe('rating');
    const cursor = await api('GET', '/api/feedback?cursor=bm9wZQ', { key: admin });
    expect((await bodyOf<{ errors: { parameter?: string }[] }>(cursor)).errors[0]?.parameter).toBe('cursor');
  });
});
