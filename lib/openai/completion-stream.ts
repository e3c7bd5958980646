import 'server-only';
import { AnswerFailed, type AnswerEvent } from '@/lib/chat/stream-answer';
import { openAiErrorBody } from '@/lib/http/openai-errors';
import { errorFields, log } from '@/lib/log';
import type { ChatCompletion, ChatCompletionChunk } from '@/lib/schemas/openai';

/** The answer's end as the response tells it: the usage, and our members (`citations`, `searched_for`). */
export type Finished = Extract<AnswerEvent, { type: 'end' }> &
  Pick<ChatCompletion, 'usage'> & { extra: Pick<ChatCompletion, 'citations' | 'searched_for'> };

type Delta = ChatCompletionChunk['choices'][number]['delta'];

/**
 * The answer as OpenAI streams one (`text/event-stream`): a chunk with the role, one per piece
 * of text, one with `finish_reason`, with `include_usage` one more with no choices and the usage
 * (the others carry `usage: null`), then `data: [DONE]`. The citations ride on the last chunk
 * before `[DONE]`. A model failure ends the stream with an `error` event, as OpenAI's do, and no
 * `[DONE]`.
 */
export function completionStream({
  completion,
  events,
  finish,
  includeUsage,
  onClientGone,
  headers,
}: {
  completion: { id: string; created: number; model: string };
  events: AsyncGenerator<AnswerEvent>;
  finish: (end: Extract<AnswerEvent, { type: 'end' }>) => Promise<Finished>;
  includeUsage: boolean;
  /** `finish`: write the answer to the end anyway (it is stored); else called to stop the model. */
  onClientGone: 'finish' | (() => void);
  headers?: Record<string, string>;
}): Response {
  const chunk = (
    delta: Delta,
    extra: Partial<ChatCompletionChunk> = {},
    finishReason: 'stop' | 'length' | null = null,
  ) =>
    sse({
      ...completion,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(includeUsage ? { usage: null } : {}),
      ...extra,
    } satisfies ChatCompletionChunk);

  async function* frames(): AsyncGenerator<string> {
    yield chunk({ role: 'assistant', content: '' });
    try {
      for await (const event of events) {
        if (event.type === 'text') {
          yield chunk({ content: event.delta });
          continue;
        }
        const done = await finish(event);
        yield chunk({}, includeUsage ? {} : done.extra, done.finishReason);
        if (includeUsage)
          yield sse({ ...completion, object: 'chat.completion.chunk', choices: [], usage: done.usage, ...done.extra });
        yield 'data: [DONE]\n\n';
      }
    } catch (error) {
      if (!(error instanceof AnswerFailed)) log.error('chat completion stream failed', errorFields(error));
      else log.warn('chat model failed on /v1/chat/completions', errorFields(error));
      const message =
        error instanceof AnswerFailed ? error.message : 'Something went wrong on our side; the answer is incomplete.';
      yield sse(openAiErrorBody({ type: '', title: '', status: 500, detail: message }));
    }
  }

  const source = frames();
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await source.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    cancel() {
      if (onClientGone !== 'finish') {
        onClientGone();
        void source.return(undefined).catch(() => {});
        return;
      }
      void (async () => {
        for await (const frame of source) void frame;
      })().catch(() => {});
    },
  });
  return new Response(stream, {
    headers: {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      // As the conversation streams: no compression or buffering of small events on the way.
      'cache-control': 'no-store, no-transform',
    },
  });
}

const sse = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
