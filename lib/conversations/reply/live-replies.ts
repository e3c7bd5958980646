import 'server-only';
import type { ChatChunk } from '../chat-message';

interface LiveReply {
  messageId: string;
  chunks: ChatChunk[];
  followers: Set<ReadableStreamDefaultController<ChatChunk>>;
  stop: () => void;
  ended: PromiseWithResolvers<void>;
}

/**
 * Replies being written by this process, by conversation. Each keeps every chunk its
 * client was sent, so a client that comes back (a reload, a second tab, a dropped
 * connection) is given the reply from its start and then live, as the AI SDK's
 * resumable streams expect. A reply is here from its first chunk to its last.
 */
const live = new Map<string, LiveReply>();

export interface ReplyPublisher {
  push(chunk: ChatChunk): void;
  end(): void;
}

/** `stop` ends the reply early (POST /api/conversations/{id}/stop); `end()` follows once it is stored. */
export function publishReply(
  conversationId: string,
  { messageId, stop }: { messageId: string; stop: () => void },
): ReplyPublisher {
  const reply: LiveReply = { messageId, chunks: [], followers: new Set(), stop, ended: Promise.withResolvers() };
  live.set(conversationId, reply);
  return {
    push(chunk) {
      // Consecutive text is kept as one delta: a replay is a few chunks, not one per word.
      const last = reply.chunks.at(-1);
      if (chunk.type === 'text-delta' && last?.type === 'text-delta' && last.id === chunk.id) {
        reply.chunks[reply.chunks.length - 1] = { ...last, delta: last.delta + chunk.delta };
      } else reply.chunks.push(chunk);
      for (const follower of reply.followers) {
        try {
          follower.enqueue(chunk);
        } catch {
          reply.followers.delete(follower);
        }
      }
    },
    end() {
      if (live.get(conversationId) === reply) live.delete(conversationId);
      for (const follower of reply.followers) {
        try {
          follower.close();
        } catch {
          // already cancelled by its reader
        }
      }
      reply.followers.clear();
      reply.ended.resolve();
    },
  };
}

/**
 * Stops the reply this process is writing in the conversation (if it is `messageId`, when
 * given) and resolves once it is stored (and the conversation free for the next message);
 * false when this process is not writing that reply.
 */
export async function stopLiveReply(conversationId: string, messageId?: string): Promise<boolean> {
  const reply = live.get(conversationId);
  if (!reply || (messageId !== undefined && reply.messageId !== messageId)) return false;
  reply.stop();
  await reply.ended.promise;
  return true;
}

/** The reply this process is writing in the conversation, replayed from its start; null when there is none. */
export function followReply(conversationId: string): ReadableStream<ChatChunk> | null {
  const reply = live.get(conversationId);
  if (!reply) return null;
  let self: ReadableStreamDefaultController<ChatChunk>;
  return new ReadableStream<ChatChunk>({
    start(controller) {
      self = controller;
      for (const chunk of reply.chunks) controller.enqueue(chunk);
      reply.followers.add(controller);
    },
    cancel() {
      reply.followers.delete(self);
    },
  });
}
