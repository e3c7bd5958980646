import { DefaultChatTransport } from 'ai';
import { isUuid } from '@/lib/uuid';
import { modelForSend } from './model-choice';
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
 * the edited message's id) says `edit` with that id, and the server answers the
 * new version on a new branch. A question keeps useChat's own id only until its
 * reply starts (the chat view takes over the stored id then), so one that still
 * has it was never stored (its send failed): it is simply sent again. A page
 * opened while a reply is being written follows it with useChat's `resume`. Each send, edit and
 * regenerate names the model picked in the chat (ModelPicker), if any.
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
    const conversationId = String((body as { conversationId?: unknown } | undefined)?.conversationId ?? '');
    const message = messages[messages.length - 1];
    // Retry after a failed send regenerates a question the server never stored: send it instead.
    const unsent = message?.role === 'user' && !isUuid(message.id);
    // An edit of a question that was never stored is a new question.
    const edit = trigger === 'submit-message' && messageId !== undefined && isUuid(messageId) ? messageId : undefined;
    const model = modelForSend();
    return {
      api: `/api/conversations/${encodeURIComponent(conversationId)}/messages`,
      body: {
        ...(unsent
          ? { id: conversationId, message, trigger: 'submit-message' }
          : { id: conversationId, message, trigger, messageId, ...(edit ? { edit } : {}) }),
        ...(model ? { model } : {}),
      },
    };
  },
});
