import 'server-only';
import { streamText } from 'ai';
import { config } from '@/lib/config';
import type { ReplyUsage } from '@/lib/conversations/chat-message';
import type { GroundedQuestion } from './ground-question';
import { citedInOrder, type NumberedPassage } from './number-passages';
import { ReplyFilter } from './reply-filter';

/** Sampling settings a caller may pass on to the model; none of them touches retrieval or grounding. */
export interface AnswerSettings {
  temperature?: number;
  topP?: number;
  maxOutputTokens?: number;
  stopSequences?: string[];
  seed?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
}

export type AnswerEvent =
  | { type: 'text'; delta: string }
  | {
      type: 'end';
      text: string;
      /** The passages cited, in the order of their renumbered markers, each with the number shown. */
      cited: NumberedPassage[];
      usage?: ReplyUsage;
      /** `length`: the model stopped at maxOutputTokens. */
      finishReason: 'stop' | 'length';
    };

/** The model failed or fell silent: the answer is incomplete. */
export class AnswerFailed extends Error {
  override name = 'AnswerFailed';
}

/**
 * A grounded question's answer as it is written, through the same reply filter as a conversation's
 * (images removed, unknown links disarmed, `[n]` renumbered by first citation), then its citations
 * and the usage the model reports. Throws AnswerFailed when the model errs or is silent for
 * CHAT_STALL_TIMEOUT_MS, before its first text or between two pieces of it.
 */
export async function* streamAnswer(
  grounded: GroundedQuestion,
  { settings = {}, abortSignal }: { settings?: AnswerSettings; abortSignal?: AbortSignal } = {},
): AsyncGenerator<AnswerEvent> {
  const { chat, question, passages, input, messages } = grounded;
  const stall = config().CHAT_STALL_TIMEOUT_MS;
  const abort = new AbortController();
  const onAbort = () => abort.abort();
  abortSignal?.addEventListener('abort', onAbort);
  // chunkMs only counts from the first text: a model that never answers is ended by this timer.
  const firstText = setTimeout(() => abort.abort(new AnswerFailed('The model did not answer in time.')), stall);
  const filter = new ReplyFilter({ question, passages });
  let text = '';
  let finish: { reason: string; usage?: ReplyUsage } | undefined;
  try {
    const result = streamText({
      model: chat.model,
      ...input,
      messages,
      ...settings,
      abortSignal: abort.signal,
      maxRetries: 0,
      timeout: { totalMs: 300_000, chunkMs: stall },
      onError: () => {}, // told below, as the stream's error part
    });
    for await (const part of result.stream) {
      if (part.type === 'text-delta') {
        clearTimeout(firstText);
        const delta = filter.push(part.text);
        text += delta;
        if (delta) yield { type: 'text', delta };
      } else if (part.type === 'error' || part.type === 'abort') {
        throw new AnswerFailed('The model stopped with an error; the answer is incomplete.', {
          cause: part.type === 'error' ? part.error : abort.signal.reason,
        });
      } else if (part.type === 'finish') {
        finish = { reason: part.finishReason, usage: usageOf(part.totalUsage) };
      }
    }
  } catch (error) {
    // A response the provider could not read (a dropped connection) is thrown rather than told.
    throw error instanceof AnswerFailed
      ? error
      : new AnswerFailed('The model stopped with an error; the answer is incomplete.', { cause: error });
  } finally {
    clearTimeout(firstText);
    abortSignal?.removeEventListener('abort', onAbort);
  }
  const rest = filter.flush();
  text += rest;
  if (rest) yield { type: 'text', delta: rest };
  yield {
    type: 'end',
    text,
    cited: citedInOrder(filter.order, passages, text),
    ...(finish?.usage ? { usage: finish.usage } : {}),
    finishReason: finish?.reason === 'length' ? 'length' : 'stop',
  };
}

function usageOf(u: { inputTokens?: number; outputTokens?: number; totalTokens?: number }): ReplyUsage | undefined {
  const out: ReplyUsage = {};
  if (typeof u.inputTokens === 'number') out.inputTokens = u.inputTokens;
  if (typeof u.outputTokens === 'number') out.outputTokens = u.outputTokens;
  if (typeof u.totalTokens === 'number') out.totalTokens = u.totalTokens;
  return Object.keys(out).length ? out : undefined;
}
