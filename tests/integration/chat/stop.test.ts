import pg from 'pg';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { ChatUIMessage } from '@/lib/conversations/chat-message';
import { REPLY_HEARTBEAT_MS, REPLY_STALE_MS } from '@/lib/conversations/reply/reply-heartbeat';
import { STOP_HANDOFF_MS } from '@/lib/conversations/reply/stop-reply';
import { prisma } from '@/lib/db';
import { api, bodyOf, newKey } from '../../support/http';
import type { Standin } from '../../support/openai-standin';
import {
  getConversation,
  newConversation,
  readReply,
  send,
  settledReply,
  textOf,
  withStandinChatModel,
} from './chat-helpers';

// Stopping needs a reply that takes a while, as a hosted model's does: the stand-in OpenAI server.
let standin: Standin;
let key: string;
const REPLY = Array.from({ length: 200 }, (_, i) => `w${i + 1}`).join(' ') + '.';

withStandinChatModel((s, k) => {
  standin = s;
  key = k;
});

beforeEach(() => {
  standin.options = { reply: REPLY, delayMs: 30 };
});

const stop = (conversationId: string, json?: unknown, k = key) =>
  api('POST', `/api/conversations/${conversationId}/stop`, { key: k, json });

/** Reads the reply's SSE until its text holds `words` words; returns the reader for the rest. */
async function readUntilWords(res: Response, words: number) {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let seen = '';
  while ((seen.match(/"delta":"w\d+ /g) ?? []).length < words) {
    const next = await reader.read();
    if (next.done) throw new Error('the reply ended early');
    seen += next.value;
  }
  return { reader, seen };
}

const lastModelCall = () => standin.requests.at(-1)!;

describe('POST /api/conversations/{id}/stop', () => {
  it('ends the model call, stores what was written as stopped, and frees the conversation at once', async () => {
    const id = await newConversation(key);
    const res = await send(key, id, { content: 'tell me everything' });
    const messageId = res.headers.get('x-message-id')!;
    const { reader, seen } = await readUntilWords(res, 3);

    const stopped = await stop(id, { messageId });
    expect(stopped.status).toBe(200);
    const reply = await bodyOf<ChatUIMessage>(stopped);
    expect(reply).toMatchObject({ id: messageId, role: 'assistant', metadata: { status: 'stopped' } });
    const text = textOf(reply);
    expect(text.length).toBeGreaterThanOrEqual('w1 w2 w3 '.length);
    expect(REPLY.startsWith(text)).toBe(true);
    expect(text.length).toBeLessThan(REPLY.length / 2);
    // The upstream response was closed: the model is not asked for the rest. The stand-in hears
    // of the closed socket an event or two after the stop answered (under load, after it).
    await expect.poll(() => lastModelCall().closedEarly, { timeout: 2000 }).toBe(true);

    // The client's stream ends too, with the stopped status, after the text it was sent.
    let rest = seen;
    for (let next = await reader.read(); !next.done; next = await reader.read()) rest += next.value;
    expect(rest).toMatch(/"type":"finish","finishReason":"other","messageMetadata":\{[^}]*"status":"stopped"/);

    // The next message is taken at once (no 409), and the stored conversation shows the stop.
    standin.options = { reply: 'A short one.' };
    expect(textOf((await readReply(await send(key, id, { content: 'something shorter' }))).message)).toBe(
      'A short one.',
    );
    const stored = await getConversation(key, id);
    expect(stored.messages.map((m) => m.metadata?.status)).toEqual(['complete', 'stopped', 'complete', 'complete']);
    expect(textOf(stored.messages[1]!)).toBe(text);
  });

  it('stops the reply being written when no message is named, and is a no-op for a reply that has ended', async () => {
    const id = await newConversation(key);
    const res = await send(key, id, { content: 'tell me everything' }, { accept: 'text/plain' });
    const messageId = res.headers.get('x-message-id')!;
    const reader = res.body!.getReader();
    await reader.read();
    const stopped = await stop(id);
    expect(stopped.status).toBe(200);
    const first = await bodyOf<ChatUIMessage>(stopped);
    expect(first).toMatchObject({ id: messageId, metadata: { status: 'stopped' } });
    // The plain-text stream simply ends.
    while (!(await reader.read()).done);

    // Again, naming it: the same stored reply, unchanged.
    const again = await stop(id, { messageId });
    expect(again.status).toBe(200);
    expect(await bodyOf<ChatUIMessage>(again)).toEqual(first);
    // Nothing is being written now.
    const nothing = await stop(id);
    expect(nothing.status).toBe(409);
    expect(nothing.headers.get('content-type')).toBe('application/problem+json');
  });

  it('leaves a finished reply as it is', async () => {
    standin.options = { reply: 'Done already.' };
    const id = await newConversation(key);
    const { message } = await readReply(await send(key, id, { content: 'quick one' }));
    const res = await stop(id, { messageId: message.id });
    expect(res.status).toBe(200);
    expect(await bodyOf<ChatUIMessage>(res)).toMatchObject({ id: message.id, metadata: { status: 'complete' } });
    expect(textOf((await getConversation(key, id)).messages[1]!)).toBe('Done already.');
  });

  it('stops a reply whose model has not said a word yet', async () => {
    standin.options = { reply: REPLY, stallAfterDeltas: 0 };
    const id = await newConversation(key);
    const calls = standin.requests.length;
    const res = await send(key, id, { content: 'say nothing' });
    const messageId = res.headers.get('x-message-id')!;
    await expect.poll(() => standin.requests.length).toBe(calls + 1);
    const stopped = await stop(id, { messageId });
    expect(await bodyOf<ChatUIMessage>(stopped)).toMatchObject({ metadata: { status: 'stopped' } });
    const { chunks, message } = await readReply(res);
    expect(chunks.some((c) => c.type === 'error')).toBe(false);
    expect(textOf(message)).toBe('');
    await expect.poll(() => lastModelCall().closedEarly).toBe(true);
  });

  it('stops a reply another instance is writing: stored as last saved, and that instance ends its model call', async () => {
    const id = await newConversation(key);
    const res = await send(key, id, { content: 'tell me everything' });
    const messageId = res.headers.get('x-message-id')!;
    await readUntilWords(res, 2);
    const db = await prisma();
    // What another instance's stop does: the reply is marked in the shared database.
    await db.message.update({ where: { id: messageId }, data: { status: 'stopped' } });
    await db.conversation.update({ where: { id }, data: { activeReplyId: null } });
    // This instance sees the mark at its next heartbeat and stops the model.
    await expect.poll(() => lastModelCall().closedEarly, { timeout: REPLY_HEARTBEAT_MS * 2, interval: 100 }).toBe(true);
    await expect
      .poll(async () => (await db.conversation.findUniqueOrThrow({ where: { id } })).activeReplyId)
      .toBeNull();
    // Its final save does not overwrite the stop.
    await new Promise((r) => setTimeout(r, 200));
    expect((await db.message.findUniqueOrThrow({ where: { id: messageId } })).status).toBe('stopped');
  }, 20_000);

  it('stops a reply no process here is writing (another instance, or one that died) with what was saved', async () => {
    const id = await newConversation(key);
    const db = await prisma();
    const orphan = await db.message.create({
      data: {
        conversationId: id,
        role: 'assistant',
        status: 'streaming',
        parts: [{ type: 'text', text: 'saved so far' }],
      },
    });
    await db.conversation.update({ where: { id }, data: { activeReplyId: orphan.id, headId: orphan.id } });
    const res = await stop(id);
    expect(res.status).toBe(200);
    const reply = await bodyOf<ChatUIMessage>(res);
    expect(reply).toMatchObject({ id: orphan.id, metadata: { status: 'stopped' } });
    expect(textOf(reply)).toBe('saved so far');
    standin.options = { reply: 'Free again.' };
    expect(textOf((await readReply(await send(key, id, { content: 'next' }))).message)).toBe('Free again.');
  });

  it('stops a reply whose writer died (no heartbeat) at once, without waiting for it to answer', async () => {
    const id = await newConversation(key);
    const db = await prisma();
    const orphan = await db.message.create({
      data: {
        conversationId: id,
        role: 'assistant',
        status: 'streaming',
        parts: [{ type: 'text', text: 'last heartbeat' }],
        updatedAt: new Date(Date.now() - REPLY_STALE_MS - 1_000),
      },
    });
    await db.conversation.update({ where: { id }, data: { activeReplyId: orphan.id, headId: orphan.id } });
    const started = performance.now();
    const res = await stop(id, { messageId: orphan.id });
    expect(performance.now() - started).toBeLessThan(STOP_HANDOFF_MS);
    expect(textOf(await bodyOf<ChatUIMessage>(res))).toBe('last heartbeat');
  });

  it('stops the model when the conversation is deleted mid-reply', async () => {
    const id = await newConversation(key);
    const res = await send(key, id, { content: 'tell me everything' });
    const { reader } = await readUntilWords(res, 2);
    expect((await api('DELETE', `/api/conversations/${id}`, { key })).status).toBe(204);
    // At once, not at the next heartbeat.
    await expect.poll(() => lastModelCall().closedEarly, { timeout: REPLY_HEARTBEAT_MS / 2 }).toBe(true);
    while (!(await reader.read()).done);
    expect(await (await prisma()).message.count({ where: { conversationId: id } })).toBe(0);
  });

  it('refuses what is not the caller’s reply, and bad bodies, with problem details', async () => {
    const id = await newConversation(key);
    const res = await send(key, id, { content: 'a question' });
    const messageId = res.headers.get('x-message-id')!;
    const other = (await newKey('user')).key;
    const cases: Array<[Response, number]> = [
      [await stop(id, { messageId }, other), 404], // another user's conversation
      [await stop(id, { messageId: '019a0000-0000-7000-8000-000000000000' }), 404], // no such reply
      [await stop('not-an-id'), 400],
      [await stop(id, { messageId: 'nope' }), 400],
      [await stop(id, { messageId, extra: 1 }), 400], // strict: a misspelt key is not "stop whatever"
      [
        await api('POST', `/api/conversations/${id}/stop`, {
          key,
          body: 'messageId',
          headers: { 'content-type': 'text/plain' },
        }),
        415,
      ],
      [await api('POST', `/api/conversations/${id}/stop`, { key, body: 'messageId=x' }), 415],
      [await api('POST', `/api/conversations/${id}/stop`, {}), 401],
    ];
    for (const [response, status] of cases) {
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    }
    // The user message is not a reply.
    const userMessage = (await getConversation(key, id)).messages[0]!;
    expect((await stop(id, { messageId: userMessage.id })).status).toBe(404);
    // None of that stopped the reply.
    expect(textOf((await readReply(res)).message)).toBe(REPLY);
    expect((await settledReply(messageId)).status).toBe('complete');
  }, 20_000);
});

// Instances sharing a PostgreSQL server tell each other of stops (LISTEN/NOTIFY). Another
// instance is played here by a connection of the test's own, on the same database.
describe.runIf(!process.env.DATABASE_URL!.startsWith('pglite:'))(
  'stops between instances on one PostgreSQL database',
  () => {
    const CHANNEL = 'groundwork_reply_stop';
    async function otherInstance() {
      // Straight to the server, as an instance LISTENs (DATABASE_DIRECT_URL behind a pooler).
      const client = new pg.Client({ connectionString: process.env.DATABASE_DIRECT_URL ?? process.env.DATABASE_URL });
      await client.connect();
      onTestFinished(() => client.end());
      return client;
    }

    it('a stop signalled by another instance ends the reply here at once, stored with everything it wrote', async () => {
      const id = await newConversation(key);
      const res = await send(key, id, { content: 'tell me everything' });
      const messageId = res.headers.get('x-message-id')!;
      const { reader, seen } = await readUntilWords(res, 3);
      await (await otherInstance()).query('SELECT pg_notify($1, $2)', [CHANNEL, `${id} ${messageId}`]);
      // At once: not at the next heartbeat.
      await expect.poll(() => lastModelCall().closedEarly, { timeout: REPLY_HEARTBEAT_MS / 2 }).toBe(true);
      let all = seen;
      for (let next = await reader.read(); !next.done; next = await reader.read()) all += next.value;
      expect(all).toMatch(/"type":"finish","finishReason":"other","messageMetadata":\{[^}]*"status":"stopped"/);
      // What is stored is all the client was sent, not the heartbeat's older copy.
      const streamed = [...all.matchAll(/"delta":"([^"]*)"/g)].map((m) => m[1]).join('');
      expect(streamed.length).toBeGreaterThan(0);
      const stored = await (await prisma()).message.findUniqueOrThrow({ where: { id: messageId } });
      expect(stored.status).toBe('stopped');
      expect(textOf(stored as unknown as ChatUIMessage)).toBe(streamed);
      expect((await (await prisma()).conversation.findUniqueOrThrow({ where: { id } })).activeReplyId).toBeNull();
    });

    it('a stop for a reply another instance writes is handed to it, and answers with what that instance stored', async () => {
      const id = await newConversation(key);
      const db = await prisma();
      const reply = await db.message.create({
        data: {
          conversationId: id,
          role: 'assistant',
          status: 'streaming',
          parts: [{ type: 'text', text: 'as of the last heartbeat' }],
        },
      });
      await db.conversation.update({ where: { id }, data: { activeReplyId: reply.id, headId: reply.id } });
      // The instance writing it: on the signal, it stores all it wrote and frees the conversation.
      const writer = await otherInstance();
      const heard: string[] = [];
      writer.on('notification', ({ payload }) => {
        heard.push(payload!);
        void writer.query(
          `WITH saved AS (UPDATE messages SET status = 'stopped', parts = $2::jsonb WHERE id = $1::uuid)
         UPDATE conversations SET active_reply_id = NULL WHERE active_reply_id = $1::uuid`,
          [reply.id, JSON.stringify([{ type: 'text', text: 'everything it wrote' }])],
        );
      });
      await writer.query(`LISTEN ${CHANNEL}`);
      const res = await stop(id);
      expect(res.status).toBe(200);
      expect(heard).toEqual([`${id} ${reply.id}`]);
      const stopped = await bodyOf<ChatUIMessage>(res);
      expect(stopped).toMatchObject({ id: reply.id, metadata: { status: 'stopped' } });
      expect(textOf(stopped)).toBe('everything it wrote');
    });

    it('deleting a conversation signals the instance writing its reply', async () => {
      const id = await newConversation(key);
      const db = await prisma();
      const reply = await db.message.create({
        data: { conversationId: id, role: 'assistant', status: 'streaming', parts: [] },
      });
      await db.conversation.update({ where: { id }, data: { activeReplyId: reply.id, headId: reply.id } });
      const writer = await otherInstance();
      const heard: string[] = [];
      writer.on('notification', ({ payload }) => heard.push(payload!));
      await writer.query(`LISTEN ${CHANNEL}`);
      expect((await api('DELETE', `/api/conversations/${id}`, { key })).status).toBe(204);
      await expect.poll(() => heard).toEqual([`${id} ${reply.id}`]);
    });
  },
);
