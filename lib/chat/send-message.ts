import 'server-only';
import { createUIMessageStreamResponse } from 'ai';
import { resolveChatModel } from '@/lib/ai/providers/resolve-chat-model';
import type { Principal } from '@/lib/auth/principal';
import { replyReach } from '@/lib/conversations/conversation-scope';
import { planAsked } from './plan-asked';
import { retrievePassages } from './retrieve-passages';
import { releaseConversation } from '@/lib/conversations/reply/save-reply';
import { startReply } from './start-reply';
import { streamReply } from './stream-reply';

/**
 * One send: 404 for a conversation that is not the caller's (nothing stored),
 * 409 while another reply streams, else the user message is stored and the
 * reply streams back — as the AI SDK UI message stream, or as plain text. The reply retrieves
 * what the sender may read at this moment (narrowed to the conversation's scope): the reach is
 * computed here, at each send and regenerate, and travels with the retrieval; the reply machine
 * that runs on after the request has ended only ever sees the passages found with it.
 */
export async function sendMessage({
  conversationId,
  principal,
  content,
  regenerate,
  edit,
  model: requested,
  format,
}: {
  conversationId: string;
  /** The sender: the conversation's owner, and whose reach the reply retrieves within. */
  principal: Principal;
  content: string;
  regenerate?: { messageId?: string };
  edit?: true | string;
  /** An id from GET /api/models/allowed (else 422, before anything is stored); absent: the default. */
  model?: string;
  format: 'ui' | 'text';
}): Promise<{ response: Response; done: Promise<void> }> {
  const { model, id: modelId, extractive } = await resolveChatModel(requested);
  const ownerId = principal.id;
  const started = await startReply({ conversationId, ownerId, content, modelId, regenerate, edit });
  try {
    // Not overlapped with the write above: one database session at a time keeps PGlite (and its
    // wire-protocol test server) happy, and the write is a few milliseconds.
    const reach = await replyReach(principal, conversationId);
    const { plan, searchedFor } = await planAsked(started.asked.questions, reach);
    const passages = retrievePassages({ plan, cited: started.asked.cited, extractive, reach });
    passages.catch(() => {}); // awaited (and reported) by streamReply
    const { stream, done } = streamReply({
      conversationId,
      assistant: started.assistant,
      question: started.question,
      questionId: started.questionId,
      passages,
      plan,
      searchedFor,
      history: started.history,
      earlierAnswers: started.earlierAnswers,
      model,
      modelId,
    });
    // no-transform: the server's gzip (and a proxy's) would otherwise compress and flush every
    // event on its own, which cost an eighth of the server's CPU at 20 concurrent replies and
    // saves next to nothing on a stream of small events.
    const headers = { 'x-message-id': started.assistant.id, 'cache-control': 'no-store, no-transform' };
    if (format === 'ui') return { response: createUIMessageStreamResponse({ stream, headers }), done };
    return {
      response: new Response(textOnly(stream), {
        headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' },
      }),
      done,
    };
  } catch (error) {
    // The question is stored and the slot is this reply's: a failure before the reply could
    // stream ends it as failed and frees the conversation at once, instead of answering 409
    // until the slot goes stale.
    await releaseConversation({ conversationId, messageId: started.assistant.id }).catch(() => {});
    throw error;
  }
}

/** The text deltas alone. A model failure ends the body with an error, so the truncation is visible. */
function textOnly(
  stream: ReadableStream<{ type: string; delta?: string; errorText?: string }>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return stream.pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        if (chunk.type === 'text-delta' && chunk.delta) controller.enqueue(encoder.encode(chunk.delta));
        if (chunk.type === 'error') controller.error(new Error(chunk.errorText ?? 'The reply failed.'));
      },
    }),
  );
}
