import 'server-only';
import { streamText, toUIMessageStream, type LanguageModel, type ModelMessage, type ToolSet } from 'ai';
import { modelInput } from '@/lib/ai/prompt/model-input';
import type { QuestionPlan } from '@/lib/ai/question-plan';
import { currentAssistant } from '@/lib/assistant/assistant-store';
import { config } from '@/lib/config';
import type { ChatChunk, ChatUIMessage, ReplyUsage } from '@/lib/conversations/chat-message';
import { Reply } from '@/lib/conversations/reply/reply-machine';
import type { Passage } from '@/lib/knowledge/index';
import { errorFields, log } from '@/lib/log';
import { citedInOrder, numberPassages, type NumberedPassage } from './number-passages';
import { ReplyFilter } from './reply-filter';

export interface ReplyJob {
  conversationId: string;
  assistant: { id: string; createdAt: Date };
  question: string;
  /** The stored question's id: a client that sent it under an id of its own learns the server's. */
  questionId: string;
  /** The retrieved passages (retrieval already under way). */
  passages: Promise<Passage[]>;
  /** What is asked, analysed once for retrieval and the model. */
  plan: QuestionPlan;
  /** The question as searched for, when a word of it was corrected (see planAsked): told under the reply. */
  searchedFor?: string;
  history: ModelMessage[];
  /** On a regenerate, the question's earlier replies: the local model answers with other sentences when it can. */
  earlierAnswers?: string[];
  model: LanguageModel;
  modelId: string;
}

const MODEL_FAILED = 'The model stopped with an error; the reply is incomplete.';
const MODEL_TIMED_OUT = 'The model stopped answering; the reply is incomplete.';

/**
 * Runs one reply to the end on the server, whatever the client does: the model's answer,
 * filtered and cited, drives the reply's state machine (lib/conversations/reply), which sends
 * each event to the client, to clients that come back for it, and to the store.
 */
export function streamReply(job: ReplyJob): { stream: ReadableStream<ChatChunk>; done: Promise<void> } {
  const reply = new Reply({
    conversationId: job.conversationId,
    messageId: job.assistant.id,
    metadata: {
      createdAt: job.assistant.createdAt.toISOString(),
      model: job.modelId,
      questionId: job.questionId,
      status: 'streaming',
    },
  });
  const done = answer(job, reply).catch((error: unknown) => reply.abandon(error));
  return { stream: reply.stream, done };
}

async function answer(job: ReplyJob, reply: Reply): Promise<void> {
  const profile = currentAssistant(); // read while retrieval runs; awaited with it
  profile.catch(() => {});
  let passages: NumberedPassage[] = [];
  let text: AnswerText | undefined;
  let usage: ReplyUsage | undefined;
  try {
    passages = numberPassages(await job.passages);
    const { profile: assistant } = await profile;
    text = new AnswerText(new ReplyFilter({ question: job.question, passages }));
    // A reply stopped before the model was asked anything is stored as it stands.
    if (reply.phase !== 'stopping') usage = await streamModel({ job, reply, text, passages, assistant });
  } catch (error) {
    log.warn('chat reply failed', { messageId: job.assistant.id, ...errorFields(error) });
    text?.release(reply);
    reply.fail(MODEL_FAILED);
  }
  const cited = citedInOrder(text?.filter.order ?? new Map(), passages, text?.text ?? '');
  await reply.settle({ trailing: [...searchedForEvents(job), ...citationEvents(cited)], usage });
}

/** The model's answer, event by event, into the reply; its usage when the reply is whole. */
async function streamModel({
  job,
  reply,
  text,
  passages,
  assistant,
}: {
  job: ReplyJob;
  reply: Reply;
  text: AnswerText;
  passages: NumberedPassage[];
  assistant: Awaited<ReturnType<typeof currentAssistant>>['profile'];
}): Promise<ReplyUsage | undefined> {
  const stall = config().CHAT_STALL_TIMEOUT_MS;
  const abort = new AbortController();
  const result = streamText({
    abortSignal: abort.signal,
    model: job.model,
    // (the system prompt, and the plan and passages as data for the local model)
    ...modelInput({
      sources: passages.map((p) => p.source),
      assistant,
      plan: job.plan,
      earlierAnswers: job.earlierAnswers,
    }),
    messages: [...job.history, { role: 'user', content: job.question }],
    maxRetries: 0,
    // A stalled upstream must not hold the conversation's reply slot (409s) for long: silence
    // before the first text or between two pieces of it ends the reply as failed.
    timeout: { totalMs: 300_000, chunkMs: stall },
    onError: () => {}, // reported once, below, through toUIMessageStream's onError
  });
  const ui = toUIMessageStream<ToolSet, ChatUIMessage>({
    stream: result.stream,
    sendStart: false,
    sendFinish: false,
    onError: (error) => {
      log.warn('chat model failed mid-reply', { messageId: job.assistant.id, ...errorFields(error) });
      return MODEL_FAILED;
    },
  });
  const reader = ui.getReader();
  const timedOut = (reason: string | undefined) => {
    log.warn('chat model timed out', { messageId: job.assistant.id, reason });
    reply.fail(MODEL_TIMED_OUT);
  };
  // chunkMs starts at the first text: a model that never answers at all is stopped by this
  // timer, which the first text clears. (Passing the AI SDK an abort signal and firstChunkMs
  // instead made every local reply 20-60 ms slower in the chat benchmark.)
  // Aborting closes the model's HTTP response as well: a stopped or silent model is not left
  // holding a connection (and, once it answers, spending tokens) for nobody.
  const endModel = () => {
    abort.abort();
    reader.cancel().catch(() => {});
  };
  let silent = false;
  const firstText = setTimeout(() => {
    silent = true;
    endModel();
  }, stall);
  reply.startStreaming(() => {
    clearTimeout(firstText);
    endModel();
  });
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      const chunk = next.value;
      if (chunk.type === 'text-delta') {
        clearTimeout(firstText);
        text.push(reply, chunk);
      } else if (chunk.type === 'abort') {
        // A timeout aborts the model call: that is a failed reply, told to the client as an error.
        if (reply.phase === 'stopping') break;
        text.release(reply);
        timedOut(chunk.reason);
      } else if (chunk.type === 'error') {
        text.release(reply);
        reply.fail(chunk.errorText);
      } else {
        if (chunk.type === 'text-end') text.release(reply);
        reply.send(chunk);
      }
    }
  } finally {
    clearTimeout(firstText);
  }
  text.release(reply);
  if (silent && reply.phase !== 'stopping') timedOut(`no text within ${stall} ms`);
  if (reply.phase !== 'streaming') return undefined;
  return toUsage(await Promise.resolve(result.totalUsage).catch(() => undefined));
}

/**
 * The answer's text through the reply filter. A marker held back at a split ("[1" … "2]") is
 * released before anything that ends the text.
 */
class AnswerText {
  text = '';
  #id: string | undefined;
  constructor(readonly filter: ReplyFilter) {}

  push(reply: Reply, chunk: Extract<ChatChunk, { type: 'text-delta' }>): void {
    this.#id = chunk.id;
    const delta = this.filter.push(chunk.delta);
    this.text += delta;
    if (delta) reply.send({ ...chunk, delta });
  }

  release(reply: Reply): void {
    const rest = this.filter.flush();
    this.text += rest;
    if (rest && this.#id) reply.send({ type: 'text-delta', id: this.#id, delta: rest });
  }
}

/** A `data-searched-for` part when a word of the question was corrected for the search. */
export function searchedForEvents({ searchedFor, plan }: Pick<ReplyJob, 'searchedFor' | 'plan'>): ChatChunk[] {
  if (searchedFor === undefined) return [];
  const data = { question: searchedFor, corrections: plan.corrections ?? [] };
  return [{ type: 'data-searched-for', id: 'searched-for', data }];
}

/** One `source-document` per cited source, then one `data-citation` per cited passage (citedInOrder's). */
export function citationEvents(cited: NumberedPassage[]): ChatChunk[] {
  const seen = new Set<string>();
  const events: ChatChunk[] = [];
  for (const p of cited) {
    if (seen.has(p.citation.sourceId)) continue;
    seen.add(p.citation.sourceId);
    events.push({
      type: 'source-document',
      sourceId: p.citation.sourceId,
      mediaType: p.mediaType,
      title: p.citation.title,
    });
  }
  for (const p of cited) events.push({ type: 'data-citation', id: `citation-${p.citation.n}`, data: p.citation });
  return events;
}

function toUsage(
  u: { inputTokens?: number; outputTokens?: number; totalTokens?: number } | undefined,
): ReplyUsage | undefined {
  if (!u) return undefined;
  const out: ReplyUsage = {};
  if (typeof u.inputTokens === 'number') out.inputTokens = u.inputTokens;
  if (typeof u.outputTokens === 'number') out.outputTokens = u.outputTokens;
  if (typeof u.totalTokens === 'number') out.totalTokens = u.totalTokens;
  return Object.keys(out).length ? out : undefined;
}
