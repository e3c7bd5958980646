import { ApiProblem, apiFetch } from '@/components/client-api';
import { textOf, type ChatMessage, type ConversationDetail } from './types';

/** How long a stop pressed before the reply began keeps asking: 20 × 150 ms. */
const STOP_TRIES = 20;
const STOP_RETRY_MS = 150;

type SetMessages = (update: (messages: ChatMessage[]) => ChatMessage[]) => void;

/**
 * Stops a reply on the server (the model call, and the conversation is free at once); the stored
 * reply, with the citations of what was written, then replaces the one on the screen. A reply the
 * server had already finished stays as it was shown.
 */
export function stopOnServer({
  conversationId,
  replyId,
  setMessages,
  onStored,
}: {
  conversationId: string;
  replyId: string;
  setMessages: SetMessages;
  /** The reply as stored: read back once its stop is stored. */
  onStored: (id: string) => void;
}): Promise<void> {
  return apiFetch<ChatMessage>(`/api/conversations/${conversationId}/stop`, {
    method: 'POST',
    json: { messageId: replyId },
  })
    .then((stored) => {
      if (stored.metadata?.status === 'stopped') setMessages((ms) => ms.map((m) => (m.id === stored.id ? stored : m)));
      onStored(stored.id);
    })
    .catch(() => {}); // nothing was being written any more: the reply on the screen stands
}

/**
 * Stopped before the first words: the question may not have reached the server yet, so its
 * reply is not there to stop (409). Asked again for a moment, the stop lands as soon as the
 * reply starts; either way the conversation as stored then replaces the screen's, so what is
 * shown is what the server kept (the question and a stopped reply, or nothing at all). A question
 * that never arrived takes the whole STOP_TRIES to find out.
 */
export async function stopBeforeReply({
  conversationId,
  last,
  setMessages,
  onUnsent,
}: {
  conversationId: string;
  /** The last message on the screen when Stop was pressed. */
  last: ChatMessage | undefined;
  setMessages: SetMessages;
  /** The question never reached the server: it goes back to the composer, to send again. */
  onUnsent: (question: string) => void;
}): Promise<void> {
  const shown = last?.id;
  const question = last?.role === 'user' ? textOf(last) : '';
  for (let tries = 0; tries < STOP_TRIES; tries++) {
    try {
      await apiFetch(`/api/conversations/${conversationId}/stop`, { method: 'POST', json: {} });
      break;
    } catch (e) {
      if (!(e instanceof ApiProblem) || e.status !== 409) break;
      await new Promise((r) => setTimeout(r, STOP_RETRY_MS));
    }
  }
  try {
    const stored = await apiFetch<ConversationDetail>(`/api/conversations/${conversationId}`);
    setMessages((ms) => (ms.at(-1)?.id === shown ? stored.messages : ms));
    if (question && !stored.messages.some((m) => m.role === 'user' && textOf(m) === question)) onUnsent(question);
  } catch {
    // The screen keeps what it has.
  }
}
