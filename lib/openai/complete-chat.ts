import 'server-only';
import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { Principal } from '@/lib/auth/principal';
import { groundQuestion, type GroundedQuestion } from '@/lib/chat/ground-question';
import { storeAnswer } from '@/lib/chat/store-answer';
import { AnswerFailed, streamAnswer, type AnswerEvent } from '@/lib/chat/stream-answer';
import { ApiError } from '@/lib/http/api-error';
import { json } from '@/lib/http/with-api';
import { errorFields, log } from '@/lib/log';
import type { ChatCompletion, ChatCompletionBody } from '@/lib/schemas/openai';
import { citePassages } from './cite-passages';
import { completionStream, type Finished } from './completion-stream';
import { resolveModel } from './model-names';
import { readExchange, settingsOf } from './read-exchange';

/** The header naming the conversation an exchange was stored as. */
export const CONVERSATION_HEADER = 'x-groundwork-conversation-id';

/**
 * One chat completion: the model name chooses the reach (lib/openai/model-names), the messages
 * are grounded and answered as a conversation's turn is (lib/chat), and the answer goes back as
 * OpenAI's `chat.completion` or, with `stream`, as its `chat.completion.chunk` events. Stored as a
 * conversation of the caller's only when `store` says so.
 */
export async function completeChat({
  body,
  principal,
  store,
  signal,
}: {
  body: ChatCompletionBody;
  principal: Principal;
  store: boolean;
  /** The request's: a caller that hangs up stops the model, unless the answer is to be stored. */
  signal?: AbortSignal;
}): Promise<Response> {
  const { reach, collectionId, chatModel } = await resolveModel(principal, body.model);
  const { earlier, question } = readExchange(body.messages);
  const turns = earlier.map((t) => ({ role: t.role, parts: [{ type: 'text', text: t.text }] }));
  const grounded = await groundQuestion({ question, earlier: turns, reach, model: chatModel });
  const conversationId = store ? uuidv7() : undefined;
  const abort = new AbortController();
  if (!conversationId) signal?.addEventListener('abort', () => abort.abort(), { once: true });
  const events = streamAnswer(grounded, { settings: settingsOf(body), abortSignal: abort.signal });

  const finish = async (end: Extract<AnswerEvent, { type: 'end' }>): Promise<Finished> => {
    const citations = await citePassages(end.cited);
    if (conversationId) {
      await storeAnswer({
        conversationId,
        ownerId: principal.id,
        collectionIds: collectionId ? [collectionId] : [],
        earlier,
        question,
        answer: { text: end.text, cited: end.cited, modelId: grounded.chat.id, usage: end.usage },
        asked: grounded,
      });
    }
    const searched = grounded.searchedFor === undefined ? {} : { searched_for: grounded.searchedFor };
    return { ...end, usage: usageOf(end, grounded), extra: { citations, ...searched } };
  };
  const completion = { id: `chatcmpl-${randomUUID()}`, created: Math.floor(Date.now() / 1000), model: body.model };
  const headers = conversationId ? { [CONVERSATION_HEADER]: conversationId } : undefined;

  if (body.stream) {
    return completionStream({
      completion,
      events,
      finish,
      includeUsage: body.stream_options?.include_usage === true,
      // A stored exchange is written to the end whatever the client does; another stops the model.
      onClientGone: conversationId ? 'finish' : () => abort.abort(),
      headers,
    });
  }
  let end: Extract<AnswerEvent, { type: 'end' }> | undefined;
  try {
    for await (const event of events) if (event.type === 'end') end = event;
  } catch (error) {
    if (!(error instanceof AnswerFailed)) throw error;
    log.warn('chat model failed on /v1/chat/completions', errorFields(error));
    throw new ApiError('unavailable', 'The chat model failed to answer; try again later.');
  }
  const done = await finish(end!);
  const response: ChatCompletion = {
    ...completion,
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: done.text, refusal: null },
        logprobs: null,
        finish_reason: done.finishReason,
      },
    ],
    usage: done.usage,
    ...done.extra,
  };
  return json(response, { headers });
}

/** Four characters a token: what is estimated when the model reports no count. */
const estimate = (text: string) => Math.ceil(text.length / 4);

/** The usage the model reported, each count it left out estimated. */
function usageOf(end: Extract<AnswerEvent, { type: 'end' }>, grounded: GroundedQuestion): ChatCompletion['usage'] {
  const prompt =
    end.usage?.inputTokens ??
    estimate(
      grounded.input.system + grounded.messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join(''),
    );
  const completion = end.usage?.outputTokens ?? estimate(end.text);
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: end.usage?.totalTokens ?? prompt + completion,
  };
}
