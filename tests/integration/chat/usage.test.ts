import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usageReport } from '@/lib/conversations/usage-report';
import { Prisma, prisma } from '@/lib/db';
import type { UsageReport } from '@/lib/schemas/usage';
import { api, bodyOf, newKey } from '../../support/http';
import { addSource, newConversation, readReply, send } from './chat-helpers';

// The admins' usage figures, over real conversations with the local model grounded in real sources.
let alice: string;
let bob: string;
let admin: string;
let refunds: string;
let shipping: string;

beforeAll(async () => {
  alice = (await newKey('user', 'alice')).key;
  bob = (await newKey('user', 'bob')).key;
  admin = (await newKey('admin')).key;
  refunds = await addSource('Refund policy', ['Refunds are paid back to the original card within five working days.']);
  shipping = await addSource('Shipping', ['Parcels leave our warehouse in Lyon within two days of the order.']);
  await addSource('Warranty', ['Every kettle carries a warranty of two years against defects of manufacture.']);
});

// Each test counts from nothing: the sources stay, the conversations (and so messages and ratings) go.
beforeEach(async () => {
  await (await prisma()).conversation.deleteMany();
});

const report = async (query = '') => {
  const res = await api('GET', `/api/usage${query}`, { key: admin });
  expect(res.status).toBe(200);
  return bodyOf<UsageReport>(res);
};

/** A question in conversation `id`, and its reply once ended. */
async function ask(key: string, id: string, question: string) {
  return (await readReply(await send(key, id, { content: question }))).message;
}

const citedSources = (reply: { parts: { type: string; data?: unknown }[] }) =>
  reply.parts.filter((p) => p.type === 'data-citation').map((p) => (p.data as { sourceId: string }).sourceId);

/** The calendar day (YYYY-MM-DD) of an instant in a time zone, as the browser would name it. */
const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

const daysBefore = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** Moves a conversation and its messages to another moment, as if they had been written then. */
async function backdate(conversationId: string, at: Date) {
  const db = await prisma();
  await db.conversation.update({ where: { id: conversationId }, data: { createdAt: at } });
  await db.message.updateMany({ where: { conversationId }, data: { createdAt: at } });
}

describe('usage figures', () => {
  it('counts today’s conversations, questions and replies, how the replies ended and how they were rated', async () => {
    const first = await newConversation(alice);
    const answered = await ask(alice, first, 'How long do refunds take?');
    expect(citedSources(answered)).toEqual([refunds]);
    const thanks = await ask(alice, first, 'thanks!');
    expect(citedSources(thanks)).toEqual([]);
    const second = await newConversation(bob);
    const gifts = await ask(bob, second, 'When do parcels leave the warehouse?');
    expect(citedSources(gifts)).toEqual([shipping]);
    expect(
      (
        await api('PUT', `/api/conversations/${first}/messages/${answered.id}/feedback`, {
          key: alice,
          json: { rating: 'up' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api('PUT', `/api/conversations/${second}/messages/${gifts.id}/feedback`, {
          key: bob,
          json: { rating: 'down' },
        })
      ).status,
    ).toBe(200);

    const usage = await report();
    const today = dayIn(new Date(), 'UTC');
    expect(usage).toMatchObject({ timeZone: 'UTC', to: today, from: daysBefore(today, 29) });
    expect(usage.days).toHaveLength(30);
    expect(usage.days.map((d) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => daysBefore(today, 29 - i)));
    // Tokens as the model reported them: the local model counts words of its prompt and reply.
    const replies = [answered, thanks, gifts];
    const reported = (key: 'inputTokens' | 'outputTokens') =>
      replies.reduce((sum, r) => sum + (r.metadata?.usage?.[key] ?? 0), 0);
    expect(reported('outputTokens')).toBeGreaterThan(0);
    const expected = {
      conversations: 2,
      questions: 3,
      replies: 3,
      uncited: 1,
      failed: 0,
      stopped: 0,
      ratedUp: 1,
      ratedDown: 1,
      inputTokens: reported('inputTokens'),
      outputTokens: reported('outputTokens'),
    };
    expect(usage.totals).toEqual(expected);
    expect(usage.days.at(-1)).toEqual({ date: today, ...expected });
    expect(usage.days.slice(0, -1).every((d) => d.questions === 0 && d.conversations === 0)).toBe(true);

    // A failed or stopped reply is counted as such, not as one that cites nothing; a reply without usage adds no tokens.
    const db = await prisma();
    await db.message.update({ where: { id: thanks.id }, data: { status: 'failed', usage: Prisma.DbNull } });
    await db.message.update({
      where: { id: gifts.id },
      data: { status: 'stopped', usage: { inputTokens: 1200, outputTokens: 85, totalTokens: 1285 } },
    });
    await db.message.update({ where: { id: answered.id }, data: { usage: { inputTokens: 900, outputTokens: 40 } } });
    expect((await report()).totals).toEqual({
      ...expected,
      uncited: 0,
      failed: 1,
      stopped: 1,
      inputTokens: 2100,
      outputTokens: 125,
    });
  });

  it('counts each message on its calendar day in the time zone asked for, within the period asked for', async () => {
    // 23:30 UTC three days ago: that day in UTC and New York, the next one in Tokyo.
    const today = dayIn(new Date(), 'UTC');
    const late = new Date(Date.parse(`${daysBefore(today, 3)}T23:30:00Z`));
    const id = await newConversation(alice);
    await ask(alice, id, 'How long do refunds take?');
    await backdate(id, late);
    const old = await newConversation(bob);
    await ask(bob, old, 'When do parcels leave the warehouse?');
    await backdate(old, new Date(Date.now() - 40 * 86_400_000));

    for (const timeZone of ['UTC', 'Asia/Tokyo', 'America/New_York']) {
      const usage = await report(`?timeZone=${encodeURIComponent(timeZone)}`);
      expect(usage.to).toBe(dayIn(new Date(), timeZone));
      const busy = usage.days.filter((d) => d.questions > 0);
      expect(busy, timeZone).toEqual([
        expect.objectContaining({ date: dayIn(late, timeZone), conversations: 1, questions: 1, replies: 1 }),
      ]);
      // Forty days ago is outside the default thirty.
      expect(usage.totals.questions).toBe(1);
    }
    const longer = await report('?days=60&timeZone=Asia/Tokyo');
    expect(longer.days).toHaveLength(60);
    expect(longer.from).toBe(daysBefore(longer.to, 59));
    expect(longer.totals).toMatchObject({ conversations: 2, questions: 2, replies: 2 });
    expect((await report('?days=1')).totals.questions).toBe(0);
  });

  it('ranks the sources by the replies citing them and counts the ready ones none cites', async () => {
    const id = await newConversation(alice);
    await ask(alice, id, 'When do parcels leave the warehouse?');
    await ask(alice, id, 'Where is the warehouse?');
    expect(citedSources(await ask(alice, id, 'How long do refunds take?'))).toEqual([refunds]);

    const { sources } = await report();
    expect(sources.top.map((s) => [s.title, s.replies])).toEqual([
      ['Shipping', 2],
      ['Refund policy', 1],
    ]);
    expect(sources.top[0]).toMatchObject({ sourceId: shipping, citations: 2 });
    expect(sources).toMatchObject({ cited: 2, deleted: 0, ready: 3, neverCited: 1 });

    // A deleted source leaves the ranking and is counted as deleted; the replies that cited it still count as replies.
    expect((await api('DELETE', `/api/knowledge/sources/${shipping}`, { key: admin })).status).toBe(204);
    const after = await report();
    expect(after.sources.top.map((s) => s.sourceId)).toEqual([refunds]);
    expect(after.sources).toMatchObject({ cited: 1, deleted: 1, ready: 2, neverCited: 1 });
    expect(after.totals).toMatchObject({ replies: 3, uncited: 0 });
  });

  it('is read by admins only', async () => {
    expect((await api('GET', '/api/usage')).status).toBe(401);
    const res = await api('GET', '/api/usage', { key: alice });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });

  it('refuses a bad period or time zone with a problem naming the parameter', async () => {
    for (const [query, parameter] of [
      ['?days=0', 'days'],
      ['?days=367', 'days'],
      ['?days=7.5', 'days'],
      ['?days=week', 'days'],
      ['?timeZone=Mars/Olympus', 'timeZone'],
      ['?timeZone=', 'timeZone'],
    ]) {
      const res = await api('GET', `/api/usage${query}`, { key: admin });
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      const problem = await bodyOf<{ errors: { parameter: string }[] }>(res);
      expect(
        problem.errors.map((e) => e.parameter),
        query,
      ).toEqual([parameter]);
    }
    // A name the browser's time zone database knows but the database's does not is the same 400, not a 500.
    await expect(usageReport({ days: 30, timeZone: 'Mars/Olympus', reach: { all: true } })).rejects.toMatchObject({
      status: 400,
      errors: [{ parameter: 'timeZone', detail: 'is not a time zone the database knows' }],
    });
  });
});
