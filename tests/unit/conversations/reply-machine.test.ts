import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatChunk } from '@/lib/conversations/chat-message';

const saved: { status: string; parts: unknown[] }[] = [];
vi.mock('@/lib/conversations/reply/save-reply', () => ({
  saveReply: vi.fn(async (r: { status: string; parts: unknown[] }) => void saved.push(r)),
  releaseConversation: vi.fn(async () => {}),
  saveFailedReplyWhenBack: vi.fn(async () => {}),
}));
vi.mock('@/lib/conversations/reply/reply-heartbeat', () => ({ startReplyHeartbeat: () => () => {} }));
vi.mock('@/lib/conversations/reply/stop-signal', () => ({ listenForStops: async () => {} }));

const { Reply } = await import('@/lib/conversations/reply/reply-machine');
const { followReply, stopLiveReply } = await import('@/lib/conversations/reply/live-replies');

let n = 0;
function open() {
  const conversationId = `c${++n}`;
  const reply = new Reply({
    conversationId,
    messageId: `m${n}`,
    metadata: { createdAt: new Date(0).toISOString(), status: 'streaming' },
  });
  return { reply, conversationId, client: readAll(reply.stream) };
}

async function readAll(stream: ReadableStream<ChatChunk>): Promise<ChatChunk[]> {
  const chunks: ChatChunk[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  return chunks;
}

const text = (delta: string): ChatChunk[] => [
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta },
  { type: 'text-end', id: 't' },
];

beforeEach(() => void (saved.length = 0));

describe('a reply, as a state machine', () => {
  it('goes starting → streaming → settled, stored complete before its clients see finish', async () => {
    const { reply, client } = open();
    expect(reply.phase).toBe('starting');
    reply.startStreaming(() => {});
    expect(reply.phase).toBe('streaming');
    for (const chunk of text('Hello')) reply.send(chunk);
    await reply.settle({ usage: { totalTokens: 3 } });
    expect(reply.phase).toBe('settled');
    expect(saved).toEqual([
      expect.objectContaining({ status: 'complete', parts: [{ type: 'text', text: 'Hello', state: 'done' }] }),
    ]);
    const chunks = await client;
    expect(chunks.map((c) => c.type)).toEqual(['start', 'text-start', 'text-delta', 'text-end', 'finish']);
    expect(chunks.at(-1)).toMatchObject({
      finishReason: 'stop',
      messageMetadata: { status: 'complete', usage: { totalTokens: 3 } },
    });
  });

  it('ends the model call when stopped while streaming, and is stored as stopped', async () => {
    const { reply, conversationId, client } = open();
    const endModel = vi.fn();
    reply.startStreaming(endModel);
    reply.send({ type: 'text-start', id: 't' });
    reply.send({ type: 'text-delta', id: 't', delta: 'Half' });
    const stopped = stopLiveReply(conversationId); // another request's stop, through the registry
    expect(reply.phase).toBe('stopping');
    expect(endModel).toHaveBeenCalledOnce();
    await reply.settle();
    await expect(stopped).resolves.toBe(true);
    expect(saved[0]?.status).toBe('stopped');
    expect((await client).at(-1)).toMatchObject({ finishReason: 'other', messageMetadata: { status: 'stopped' } });
  });

  it('a stop before streaming ends the model as soon as it is called; a stop once settled changes nothing', async () => {
    const { reply } = open();
    reply.stop();
    const endModel = vi.fn();
    reply.startStreaming(endModel);
    expect(endModel).toHaveBeenCalledOnce();
    expect(reply.phase).toBe('stopping');
    await reply.settle();
    reply.stop();
    expect(reply.phase).toBe('settled');
    expect(saved[0]?.status).toBe('stopped');
  });

  it('a failure is told to the client and stored as failed; a stop after it wins', async () => {
    const failed = open();
    failed.reply.startStreaming(() => {});
    failed.reply.fail('The model stopped with an error.');
    expect(failed.reply.phase).toBe('failed');
    await failed.reply.settle();
    const chunks = await failed.client;
    expect(chunks).toContainEqual({ type: 'error', errorText: 'The model stopped with an error.' });
    expect(chunks.at(-1)).toMatchObject({ finishReason: 'error', messageMetadata: { status: 'failed' } });

    const both = open();
    both.reply.startStreaming(() => {});
    both.reply.fail('broken');
    both.reply.stop();
    await both.reply.settle();
    expect(saved.map((s) => s.status)).toEqual(['failed', 'stopped']);
  });

  it('a follower that comes back mid-reply gets it from its start, then live, up to finish', async () => {
    const { reply, conversationId, client } = open();
    reply.startStreaming(() => {});
    reply.send({ type: 'text-start', id: 't' });
    reply.send({ type: 'text-delta', id: 't', delta: 'Hel' });
    const follower = readAll(followReply(conversationId)!);
    reply.send({ type: 'text-delta', id: 't', delta: 'lo' });
    reply.send({ type: 'text-end', id: 't' });
    await reply.settle();
    const followed = await follower;
    expect(followed.map((c) => c.type)).toEqual([
      'start',
      'text-start',
      'text-delta',
      'text-delta',
      'text-end',
      'finish',
    ]);
    expect((await client).length).toBe(followed.length);
    expect(followReply(conversationId)).toBeNull();
  });
});
