import 'server-only';
import {
  readUIMessageStream,
  streamText,
  toUIMessageStream,
  type InferUIMessageChunk,
  type LanguageModel,
  type ModelMessage,
  type ToolSet,
} from 'ai';
import { modelInput } from '@/lib/ai/prompt/model-input';
import type { QuestionPlan } from '@/lib/ai/question-plan';
import { currentAssistant } from '@/lib/assistant/assistant-store';
import { config } from '@/lib/config';
import { runInBackground } from '@/lib/db/work-priority';
import type { Passage } from '@/lib/knowledge/index';
import { errorFields, log } from '@/lib/log';
import type { ChatMessageMetadata, ChatUIMessage, ReplyUsage } from './chat-message';
import { citedInOrder, numberPassages, type NumberedPassage } from './number-passages';
import { publishReply } from './live-replies';
import { ReplyFilter } from './reply-filter';
import { startReplyHeartbeat } from './reply-heartbeat';
import { listenForStops } from './stop-signal';
import { releaseConversation, saveFailedReplyWhenBack, saveReply } from './save-reply';
import { isDatabaseUnavailable } from '@/lib/db/database-unavailable';

export type ChatChunk = InferUIMessageChunk<ChatUIMessage>;

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
  history: ModelMessage[];
  /** On a regenerate, the question's earlier replies: the local model answers with other sentences when it can. */
  earlierAnswers?: string[];
  model: LanguageModel;
  modelId: string;
}

const MODEL_FAILED = 'The model stopped with an error; the reply is incomplete.';
const MODEL_TIMED_OUT = 'The model stopped answering; the reply is incomplete.';
const NOT_STORED = 'The reply could not be stored; it is kept as failed.';
const RECORD_TEXT_EVERY_MS = 250;
/** Thrown past the model call when the reply was stopped before it began. */
const STOPPED = Symbol('stopped');

/**
 * Runs one reply to the end on the server, whatever the client does. Every chunk
 * goes to two places: the SDK's own accumulator (`readUIMessageStream`), whose
 * final message is what gets stored, and the client's stream. The client's copy
 * is dropped silently once it disconnects; a client that comes back is given the
 * reply again from its start (live-replies.ts). The `finish` chunk reaches the client
 * only after the reply is stored, so a client that saw the end of the stream
 * can read the stored reply at once.
 */
export function streamReply(job: ReplyJob): { stream: ReadableStream<ChatChunk>; done: Promise<void> } {
  let client!: ReadableStreamDefaultController<ChatChunk>;
  let clientOpen = true;
  const stream = new ReadableStream<ChatChunk>({
    start: (c) => void (client = c),
    cancel: () => void (clientOpen = false),
  });
  // Stop (POST /api/conversations/{id}/stop here or on another instance, or the heartbeat finding the reply stopped elsewhere)
  // ends the model call: what was written so far is stored as a `stopped` reply.
  let stopped = false;
  let settled = false; // the model call is over: too late to stop
  let stopModel: (() => void) | undefined;
  const stop = () => {
    if (stopped || settled) return;
    stopped = true;
    stopModel?.();
  };
  // Clients that come back for the reply (GET /api/conversations/{id}/stream) follow it here.
  const followers = publishReply(job.conversationId, { messageId: job.assistant.id, stop });
  const toClient = (chunk?: ChatChunk) => {
    if (chunk) followers.push(chunk);
    else followers.end();
    if (!clientOpen) return;
    try {
      if (chunk) client.enqueue(chunk);
      else client.close();
    } catch {
      clientOpen = false;
    }
  };

  let record!: ReadableStreamDefaultController<ChatChunk>;
  const recorded = new ReadableStream<ChatChunk>({ start: (c) => void (record = c) });
  let latest: ChatUIMessage | undefined; // the reply so far, for the heartbeat's saves
  const final = lastOf(readUIMessageStream<ChatUIMessage>({ stream: recorded }), (m) => (latest = m));
  final.catch(() => {}); // awaited below; an early rejection must not count as unhandled
  // The recorder snapshots the whole message for every chunk it reads, so text deltas reach it
  // merged: flushed before any other chunk and RECORD_TEXT_EVERY_MS after the first one held,
  // which bounds how far the heartbeat's copy can lag. The stored message is the same.
  let unrecorded: Extract<ChatChunk, { type: 'text-delta' }> | undefined;
  let recordTimer: ReturnType<typeof setTimeout> | undefined;
  const flushRecord = () => {
    clearTimeout(recordTimer);
    recordTimer = undefined;
    if (unrecorded) record.enqueue(unrecorded);
    unrecorded = undefined;
  };
  const emit = (chunk: ChatChunk) => {
    if (chunk.type === 'text-delta' && (!unrecorded || unrecorded.id === chunk.id)) {
      unrecorded = unrecorded ? { ...unrecorded, delta: unrecorded.delta + chunk.delta } : chunk;
      recordTimer ??= setTimeout(flushRecord, RECORD_TEXT_EVERY_MS);
    } else {
      flushRecord();
      record.enqueue(chunk);
    }
    toClient(chunk);
  };

  void listenForStops().catch(() => {}); // the heartbeat still hears a stop made elsewhere
  const done = (async () => {
    const stopHeartbeat = runInBackground(() => startReplyHeartbeat(job.assistant.id, () => latest?.parts, stop));
    const metadata: ChatMessageMetadata = {
      createdAt: job.assistant.createdAt.toISOString(),
      model: job.modelId,
      questionId: job.questionId,
      status: 'streaming',
    };
    let failed = false;
    let usage: ReplyUsage | undefined;
    let passages: NumberedPassage[] = [];
    let filter: ReplyFilter | undefined;
    let textId: string | undefined;
    let firstText: ReturnType<typeof setTimeout> | undefined;
    // A marker held back at a split ("[1" … "2]") is released before anything that ends the text.
    let answer = '';
    const timedOut = (reason: string | undefined) => {
      failed = true;
      log.warn('chat model timed out', { messageId: job.assistant.id, reason });
      emit({ type: 'error', errorText: MODEL_TIMED_OUT });
    };
    const release = () => {
      const rest = filter?.flush();
      answer += rest ?? '';
      if (rest && textId) emit({ type: 'text-delta', id: textId, delta: rest });
    };
    const profile = currentAssistant(); // read while retrieval runs; awaited with it
    profile.catch(() => {});
    try {
      emit({ type: 'start', messageId: job.assistant.id, messageMetadata: metadata });
      passages = numberPassages(await job.passages);
      const { profile: assistant } = await profile;
      filter = new ReplyFilter({ question: job.question, passages });
      if (stopped) throw STOPPED; // before the model was asked anything
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
          failed = true;
          log.warn('chat model failed mid-reply', { messageId: job.assistant.id, ...errorFields(error) });
          return MODEL_FAILED;
        },
      });
      const reader = ui.getReader();
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
      firstText = setTimeout(() => {
        silent = true;
        endModel();
      }, stall);
      stopModel = () => {
        clearTimeout(firstText);
        endModel();
      };
      if (stopped) stopModel();
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        const chunk = next.value;
        if (chunk.type === 'text-delta') {
          clearTimeout(firstText);
          textId = chunk.id;
          const delta = filter.push(chunk.delta);
          answer += delta;
          if (delta) emit({ ...chunk, delta });
          continue;
        }
        if (chunk.type === 'abort') {
          // A timeout aborts the model call: that is a failed reply, told to the client as an error.
          if (stopped) break;
          release();
          timedOut(chunk.reason);
          continue;
        }
        if (chunk.type === 'text-end' || chunk.type === 'error') release();
        if (chunk.type === 'error') failed = true;
        emit(chunk);
      }
      release();
      if (silent && !stopped) timedOut(`no text within ${stall} ms`);
      if (!failed && !stopped) usage = toUsage(await Promise.resolve(result.totalUsage).catch(() => undefined));
    } catch (error) {
      if (error !== STOPPED) {
        failed = true;
        log.warn('chat reply failed', { messageId: job.assistant.id, ...errorFields(error) });
        release();
        emit({ type: 'error', errorText: MODEL_FAILED });
      }
    }

    settled = true;
    clearTimeout(firstText);
    const cited = citedInOrder(filter?.order ?? new Map(), passages, answer);
    const seen = new Set<string>();
    for (const p of cited) {
      if (seen.has(p.citation.sourceId)) continue;
      seen.add(p.citation.sourceId);
      emit({ type: 'source-document', sourceId: p.citation.sourceId, mediaType: p.mediaType, title: p.citation.title });
    }
    for (const p of cited) emit({ type: 'data-citation', id: `citation-${p.citation.n}`, data: p.citation });

    const status = stopped ? 'stopped' : failed ? 'failed' : 'complete';
    let finish: ChatChunk = {
      type: 'finish',
      finishReason: stopped ? 'other' : failed ? 'error' : 'stop',
      messageMetadata: { ...metadata, status, ...(usage ? { usage } : {}) },
    };
    flushRecord();
    record.enqueue(finish);
    record.close();
    let parts: unknown[] = [];
    try {
      parts = (await final)?.parts ?? [];
      await runInBackground(() =>
        saveReply({ conversationId: job.conversationId, messageId: job.assistant.id, parts, status, usage }),
      );
    } catch (error) {
      log.error('could not store a reply', { messageId: job.assistant.id, ...errorFields(error) });
      const ids = { conversationId: job.conversationId, messageId: job.assistant.id };
      // The database is down or restarting: the reply is stored as failed once it is back.
      if (isDatabaseUnavailable(error)) void saveFailedReplyWhenBack({ ...ids, parts });
      else await releaseConversation(ids).catch(() => {});
      // The client is not told of a reply that was not stored as `complete`.
      toClient({ type: 'error', errorText: NOT_STORED });
      finish = { type: 'finish', finishReason: 'error', messageMetadata: { ...metadata, status: 'failed' } };
    }
    stopHeartbeat();
    toClient(finish);
    toClient();
  })().catch((error: unknown) => {
    // Nothing above should throw; if it does, the process must survive and the slot be freed.
    log.error('reply pipeline failed', { messageId: job.assistant.id, ...errorFields(error) });
    toClient();
    return releaseConversation({ conversationId: job.conversationId, messageId: job.assistant.id }).catch(() => {});
  });
  return { stream, done };
}

async function lastOf<T>(messages: AsyncIterable<T>, onEach: (m: T) => void): Promise<T | undefined> {
  let last: T | undefined;
  for await (const message of messages) onEach((last = message));
  return last;
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
