import { DefaultChatTransport } from 'ai';
import { isUuid } from '@/lib/uuid';
import type { ChatMessage } from './types';

let retryAfterSeconds: number | null = null;

/** The Retry-After of the last failed send, so a 429 can say when to try again. */
export function lastRetryAfter(): number | null {
  return retryAfterSeconds;
}

/**
 * useChat's transport for POST /api/conversations/{id}/messages. Each call
 * passes the conversation id in `body`; only the newest message is sent,
 * because the server keeps the history. A regenerate says so with `trigger`,
 * and the server answers the stored question again; an edit (`sendMessage` with
 * the edited message's id) says `edit` with that id, or `true` (the last
 * question) for one the page has not read back yet, and the server answers the
 * new version on a new branch. A message the server never stored (its send
 * failed) is simply sent again. A page opened while a reply is being written
 * follows it with useChat's `resume`.
 */
export const chatTransport = new DefaultChatTransport<ChatMessage>({
  api: '/api/conversations',
  fetch: async (input, init) => {
    const res = await fetch(input, init);
    retryAfterSeconds = res.ok ? null : Number(res.headers.get('retry-after')) || null;
    return res;
  },
  // A reply still being written when the page loads: GET its stream, replayed from the start.
  prepareReconnectToStreamRequest: ({ id }) => ({ api: `/api/conversations/${encodeURIComponent(id)}/stream` }),
  prepareSendMessagesRequest: ({ messages, trigger, messageId, body }) => {
    const { conversationId: id, resend } = (body ?? {}) as { conversationId?: unknown; resend?: unknown };
    const conversationId = String(id ?? '');
    const message = messages[messages.length - 1];
    // Retry after a failed send regenerates a question the server never stored (the chat view says
    // so): send it instead. Its id cannot tell: a question stays under useChat's own id until the
    // conversation is read back after its reply, and a Regenerate can come before that.
    const unsent = message?.role === 'user' && resend === true;
    // An edit names the question it replaces; one still under useChat's own id is the last question
    // (the conversation is read back, with the server's ids, after each reply).
    const edit = trigger === 'submit-message' && messageId !== undefined ? (isUuid(messageId) ? messageId : true) : undefined;
    return {
      api: `/api/conversations/${encodeURIComponent(conversationId)}/messages`,
      body: unsent
        ? { id: conversationId, message, trigger: 'submit-message' }
        : { id: conversationId, message, trigger, messageId, ...(edit !== undefined ? { edit } : {}) },
    };
  },
});
