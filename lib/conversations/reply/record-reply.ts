import 'server-only';
import { readUIMessageStream } from 'ai';
import type { ChatChunk, ChatUIMessage } from '../chat-message';

const RECORD_TEXT_EVERY_MS = 250;

export interface ReplyRecorder {
  push(chunk: ChatChunk): void;
  /** The message so far, for the heartbeat's saves. */
  latest(): ChatUIMessage | undefined;
  /** Records the last event and resolves to the finished message's parts, as they are stored. */
  end(last: ChatChunk): Promise<unknown[]>;
}

/**
 * The store's copy of a reply: the AI SDK's own accumulator (`readUIMessageStream`), so the
 * stored message is exactly what the client assembled. The accumulator snapshots the whole
 * message for every event it reads, so text deltas reach it merged: flushed before any other
 * event and RECORD_TEXT_EVERY_MS after the first one held, which bounds how far the heartbeat's
 * copy can lag. The stored message is the same.
 */
export function recordReply(): ReplyRecorder {
  let input!: ReadableStreamDefaultController<ChatChunk>;
  const recorded = new ReadableStream<ChatChunk>({ start: (c) => void (input = c) });
  let latest: ChatUIMessage | undefined;
  const final = lastOf(readUIMessageStream<ChatUIMessage>({ stream: recorded }), (m) => (latest = m));
  final.catch(() => {}); // awaited in end(); an early rejection must not count as unhandled

  let held: Extract<ChatChunk, { type: 'text-delta' }> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (held) input.enqueue(held);
    held = undefined;
  };
  return {
    push(chunk) {
      if (chunk.type === 'text-delta' && (!held || held.id === chunk.id)) {
        held = held ? { ...held, delta: held.delta + chunk.delta } : chunk;
        timer ??= setTimeout(flush, RECORD_TEXT_EVERY_MS);
        return;
      }
      flush();
      input.enqueue(chunk);
    },
    latest: () => latest,
    async end(last) {
      flush();
      input.enqueue(last);
      input.close();
      return (await final)?.parts ?? [];
    },
  };
}

async function lastOf<T>(messages: AsyncIterable<T>, onEach: (m: T) => void): Promise<T | undefined> {
  let last: T | undefined;
  for await (const message of messages) onEach((last = message));
  return last;
}
