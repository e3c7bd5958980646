import 'server-only';
import type { ChatChunk } from '../chat-message';
import { publishReply } from './live-replies';
import { recordReply } from './record-reply';

/**
 * A reply's three outputs behind one call. `send` gives an event to all of them: the store's
 * recorder, the client's stream (dropped silently once the client disconnects) and the
 * live-replies registry, where a client that comes back (a reload, a second tab, another
 * request) follows the reply from its start. `tell` reaches the clients only: what they hear
 * once the reply is stored.
 */
export interface ReplyFanOut {
  /** The client's copy, as a UI message stream. */
  readonly stream: ReadableStream<ChatChunk>;
  send(chunk: ChatChunk): void;
  tell(chunk: ChatChunk): void;
  /** The message so far, for the heartbeat's saves. */
  partsSoFar(): unknown[] | undefined;
  /** Ends the store's copy with `last`; resolves to the parts to store. */
  record(last: ChatChunk): Promise<unknown[]>;
  /** Ends the clients' copies. */
  close(): void;
}

export function fanOut({
  conversationId,
  messageId,
  stop,
}: {
  conversationId: string;
  messageId: string;
  /** How another request stops the reply (POST /api/conversations/{id}/stop, a deletion). */
  stop: () => void;
}): ReplyFanOut {
  let client!: ReadableStreamDefaultController<ChatChunk>;
  let clientOpen = true;
  const stream = new ReadableStream<ChatChunk>({
    start: (c) => void (client = c),
    cancel: () => void (clientOpen = false),
  });
  const toClient = (write: () => void) => {
    if (!clientOpen) return;
    try {
      write();
    } catch {
      clientOpen = false;
    }
  };
  const followers = publishReply(conversationId, { messageId, stop });
  const recorder = recordReply();
  const tell = (chunk: ChatChunk) => {
    followers.push(chunk);
    toClient(() => client.enqueue(chunk));
  };
  return {
    stream,
    send(chunk) {
      recorder.push(chunk);
      tell(chunk);
    },
    tell,
    partsSoFar: () => recorder.latest()?.parts,
    record: (last) => recorder.end(last),
    close() {
      followers.end();
      toClient(() => client.close());
    },
  };
}
