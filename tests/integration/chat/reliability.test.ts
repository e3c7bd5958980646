import { beforeEach, describe, expect, it } from 'vitest';
import { recoverInterruptedReplies } from '@/lib/conversations/reply/recover-interrupted-replies';
import { REPLY_HEARTBEAT_MS } from '@/lib/conversations/reply/reply-heartbeat';
import { prisma } from '@/lib/db';
import { api, newKey } from '../../support/http';
import type { Standin } from '../../support/openai-standin';
import { withSettings } from '../../support/with-settings';
import {
  getConversation,
  newConversation,
  readReply,
  send,
  settledReply,
  textOf,
  withStandinChatModel,
} from './chat-helpers';

// A slow or dying model is what these cases need: the stand-in OpenAI server provides both.
let standin: Standin;
let key: string;
const REPLY = 'one two three four five six seven eight nine ten eleven twelve.';

withStandinChatModel((s, k) => {
  standin = s;
  key = k;
});

beforeEach(() => {
  standin.options = { reply: REPLY, delayMs: 20 };
});

async function messageCount(conversationId: string) {
  return (await prisma()).message.count({ where: { conversationId } });
}

describe('never losing a reply', () => {
  it('409 on a second send while a reply streams; nothing of the second send is stored', async () => {
    const id = await newConversation(key);
    const first = await send(key, id, { content: 'first question' });
    expect(first.status).toBe(200);
    const second = await send(key, id, { content: 'second question' });
    expect(second.status).toBe(409);
    expect(second.headers.get('content-type')).toBe('application/problem+json');
    expect(await messageCount(id)).toBe(2);
    const { message } = await readReply(first);
    expect(textOf(message)).toBe(REPLY);
    const third = await send(key, id, { content: 'third question' });
    expect(third.status).toBe(200);
    await readReply(third);
    const stored = await getConversation(key, id);
    expect(stored.messages.map((m) => textOf(m))).toEqual(['first question', REPLY, 'third question', REPLY]);
  });

  it('of two truly concurrent sends exactly one wins', async () => {
    const id = await newConversation(key);
    const results = await Promise.all([send(key, id, { content: 'a' }), send(key, id, { content: 'b' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    await readReply(results.find((r) => r.status === 200)!);
    expect(await messageCount(id)).toBe(2);
  });

  it('completes and stores the reply when the client disconnects mid-stream', async () => {
    const id = await newConversation(key);
    const res = await send(key, id, { content: 'tell me slowly' });
    const messageId = res.headers.get('x-message-id')!;
    const reader = res.body!.getReader();
    await reader.read(); // the start chunk
    await reader.cancel(); // the client goes away
    await expect((await prisma()).message.findUniqueOrThrow({ where: { id: messageId } })).resolves.toMatchObject({
      status: 'streaming',
    });
    const row = await settledReply(messageId);
    expect(row.status).toBe('complete');
    const stored = await getConversation(key, id);
    expect(textOf(stored.messages[1]!)).toBe(REPLY);
    expect(stored.messages[1]!.metadata).toMatchObject({
      status: 'complete',
      usage: { inputTokens: 42, outputTokens: 12 },
    });
  });

  it('gives a client that comes back mid-reply the whole reply, from its start and then live', async () => {
    const id = await newConversation(key);
    expect((await api('GET', `/api/conversations/${id}/stream`, { key })).status).toBe(204);
    const res = await send(key, id, { content: 'tell me slowly' });
    const messageId = res.headers.get('x-message-id')!;
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel(); // a reload: the first connection is gone
    await new Promise((r) => setTimeout(r, 80)); // a few words are written meanwhile
    // Two tabs come back at once; each is given the reply in full.
    const [a, b] = await Promise.all([
      api('GET', `/api/conversations/${id}/stream`, { key }),
      api('GET', `/api/conversations/${id}/stream`, { key }),
    ]);
    expect(a.headers.get('content-type')).toContain('text/event-stream');
    const [first, second] = await Promise.all([readReply(a), readReply(b)]);
    for (const { chunks, message } of [first, second]) {
      expect(chunks[0]).toMatchObject({ type: 'start', messageId });
      expect(message.id).toBe(messageId);
      expect(textOf(message)).toBe(REPLY);
      expect(message.metadata).toMatchObject({ status: 'complete' });
    }
    // The finish came after the reply was stored: the stored reply is what the followers saw.
    const stored = await getConversation(key, id);
    expect(stored.messages[1]).toMatchObject({
      id: messageId,
      parts: JSON.parse(JSON.stringify(first.message.parts)) as unknown[],
    });
    expect((await api('GET', `/api/conversations/${id}/stream`, { key })).status).toBe(204);
  });

  it('lets only the owner follow a reply', async () => {
    const id = await newConversation(key);
    const res = await send(key, id, { content: 'private question' });
    const other = (await newKey('user')).key;
    const refused = await api('GET', `/api/conversations/${id}/stream`, { key: other });
    expect(refused.status).toBe(404);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect((await api('GET', `/api/conversations/${id}/stream`, {})).status).toBe(401);
    expect((await api('GET', '/api/conversations/not-an-id/stream', { key })).status).toBe(400);
    await readReply(res);
  });

  it('completes and stores a plain-text reply whose client disconnects after the first words', async () => {
    const id = await newConversation(key);
    const res = await send(key, id, { content: 'tell me slowly, in plain text' }, { accept: 'text/plain' });
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('one ');
    await reader.cancel();
    const row = await settledReply(res.headers.get('x-message-id')!);
    expect(row.status).toBe('complete');
    expect(row.parts).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'text', text: REPLY })]));
  });

  it('stores a reply whose model emitted half a surrogate pair (PostgreSQL json refuses those) as complete', async () => {
    standin.options = { reply: 'odd \ud83d output' };
    const id = await newConversation(key);
    const res = await send(key, id, { content: 'say something odd' });
    await readReply(res);
    const row = await settledReply(res.headers.get('x-message-id')!);
    expect(row.status).toBe('complete');
    expect(JSON.stringify(row.parts)).toContain('odd \ufffd output');
  });

  it('ends with an error part and stores what was produced as failed when the model dies mid-stream', async () => {
    standin.options = { reply: REPLY, dieAfterDeltas: 3 };
    const id = await newConversation(key);
    const res = await send(key, id, { content: 'break please' });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const { chunks, message } = await readReply(res);
    expect(chunks.some((c) => c.type === 'error')).toBe(true);
    expect(chunks.at(-1)).toMatchObject({ type: 'finish', messageMetadata: { status: 'failed' } });
    expect(textOf(message)).toBe('one two three ');
    const stored = await getConversation(key, id);
    expect(stored.messages[1]!.parts).toEqual(message.parts);
    expect(stored.messages[1]!.metadata?.status).toBe('failed');
    // The conversation is free again.
    standin.options = { reply: REPLY };
    await readReply(await send(key, id, { content: 'again' }));
  });

  it.each([
    ['before its first word', 0, ''],
    ['after three words', 3, 'one two three '],
  ])('ends the reply as failed, with an error part, when the model goes silent %s', async (_when, words, kept) => {
    await withSettings({ CHAT_STALL_TIMEOUT_MS: 400 }, async () => {
      standin.options = { reply: REPLY, stallAfterDeltas: words };
      const id = await newConversation(key);
      const started = Date.now();
      const { chunks, message } = await readReply(await send(key, id, { content: 'hang please' }));
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(chunks).toContainEqual({
        type: 'error',
        errorText: 'The model stopped answering; the reply is incomplete.',
      });
      expect(chunks.at(-1)).toMatchObject({
        type: 'finish',
        finishReason: 'error',
        messageMetadata: { status: 'failed' },
      });
      expect(textOf(message)).toBe(kept);
      // The silent model's connection is closed, not left open for the total time limit (the stand-in
      // hears of the abort a moment after the reply ends).
      await expect.poll(() => standin.requests.at(-1)!.closedEarly, { timeout: 2_000 }).toBe(true);
      const stored = await getConversation(key, id);
      expect(stored.messages[1]!.metadata?.status).toBe('failed');
      // The conversation is free at once, not after minutes of 409s.
      standin.options = { reply: REPLY };
      expect(textOf((await readReply(await send(key, id, { content: 'again' }))).message)).toBe(REPLY);
    });
  });

  it('ends a plain-text reply with a stream error when the model dies, and stores it as failed', async () => {
    standin.options = { reply: REPLY, dieAfterDeltas: 2 };
    const id = await newConversation(key);
    const res = await send(key, id, { content: 'break please' }, { accept: 'text/plain' });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    const row = await settledReply(res.headers.get('x-message-id')!);
    expect(row.status).toBe('failed');
  });

  it('marks a reply left streaming by a crash as interrupted at restart, and frees its conversation', async () => {
    const id = await newConversation(key);
    const db = await prisma();
    const crashedAt = new Date(Date.now() - 60_000); // its heartbeat stopped a minute ago
    const orphan = await db.message.create({
      data: {
        conversationId: id,
        role: 'assistant',
        status: 'streaming',
        parts: [{ type: 'text', text: 'half a rep' }],
        createdAt: crashedAt,
        updatedAt: crashedAt,
      },
    });
    await db.conversation.update({ where: { id }, data: { activeReplyId: orphan.id, headId: orphan.id } });
    // Read before any recovery: shown as interrupted already, so a page watching it stops.
    expect((await getConversation(key, id)).messages[0]).toMatchObject({
      id: orphan.id,
      metadata: { status: 'interrupted' },
    });

    const { interrupted } = await recoverInterruptedReplies({ followUp: false });
    expect(interrupted).toBeGreaterThanOrEqual(1);
    const stored = await getConversation(key, id);
    expect(stored.messages[0]).toMatchObject({
      id: orphan.id,
      metadata: { status: 'interrupted' },
      parts: [{ type: 'text', text: 'half a rep' }],
    });
    const res = await send(key, id, { content: 'and now?' });
    expect(res.status).toBe(200);
    await readReply(res);
  });

  it('leaves a live reply (heartbeat still beating) alone, so instances sharing a database never cut each other off', async () => {
    standin.options = { reply: REPLY, delayMs: 40 };
    const id = await newConversation(key);
    const res = await send(key, id, { content: 'slow one' });
    const messageId = res.headers.get('x-message-id')!;
    await recoverInterruptedReplies({ followUp: false });
    expect((await send(key, id, { content: 'still busy?' })).status).toBe(409);
    const { message } = await readReply(res);
    expect(message.metadata?.status).toBe('complete');
    expect((await settledReply(messageId)).status).toBe('complete');
  });

  it('saves the reply so far with each heartbeat, so a crash keeps what was written', async () => {
    standin.options = { reply: REPLY, delayMs: 500 }; // 12 words: about 6 s, past one heartbeat
    const id = await newConversation(key);
    const res = await send(key, id, { content: 'slowly please' });
    const messageId = res.headers.get('x-message-id')!;
    await new Promise((r) => setTimeout(r, REPLY_HEARTBEAT_MS + 700));
    const during = await (await prisma()).message.findUniqueOrThrow({ where: { id: messageId } });
    expect(during.status).toBe('streaming');
    expect((await getConversation(key, id)).messages[1]!.metadata).toMatchObject({ status: 'streaming' });
    expect(JSON.stringify(during.parts)).toMatch(/"text":"one two three/);
    await readReply(res);
    expect((await settledReply(messageId)).status).toBe('complete');
  }, 20_000);

  it('takes back the reply slot of a dead process at the next send', async () => {
    const id = await newConversation(key);
    const db = await prisma();
    const longAgo = new Date(Date.now() - 60_000);
    const orphan = await db.message.create({
      data: {
        conversationId: id,
        role: 'assistant',
        status: 'streaming',
        parts: [],
        createdAt: longAgo,
        updatedAt: longAgo,
      },
    });
    await db.conversation.update({ where: { id }, data: { activeReplyId: orphan.id, headId: orphan.id } });
    const res = await send(key, id, { content: 'anyone there?' });
    expect(res.status).toBe(200);
    await readReply(res);
    expect((await db.message.findUniqueOrThrow({ where: { id: orphan.id } })).status).toBe('interrupted');
  });

  it('frees the conversation at once when a send fails after its question was stored', async () => {
    const id = await newConversation(key);
    // The reply pipeline needs Promise.withResolvers (Node 22+); without it, as on a server started
    // with Node 20 by mistake, the send fails after the question is stored, before any streaming.
    const withResolvers = Promise.withResolvers;
    let res: Response;
    try {
      (Promise as { withResolvers?: unknown }).withResolvers = undefined;
      res = await send(key, id, { content: 'will this fail?' });
    } finally {
      Promise.withResolvers = withResolvers;
    }
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    // The question is kept and its reply is shown as failed: nothing is lost, and the page offers a retry.
    const stored = await getConversation(key, id);
    expect(stored.messages.map((m) => [m.role, m.metadata?.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'failed'],
    ]);
    expect(textOf(stored.messages[0]!)).toBe('will this fail?');
    // The next send is answered at once, not refused as busy until the slot goes stale.
    const next = await send(key, id, { content: 'and now?' });
    expect(next.status).toBe(200);
    expect((await readReply(next)).message.metadata?.status).toBe('complete');
  });
});
