import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { composeAnswer } from './compose-answer';
import { readLocalModelInput } from './local-model-input';

export interface LocalModelSettings {
  /** Pause between words; 0 still yields to the event loop every few words so the reply really streams. */
  wordDelayMs?: number;
}

/**
 * Words streamed per turn of the event loop when there is no pause. Each word is
 * still its own text delta; yielding after every one made each word a separate
 * trip through the server (a socket write of its own) and cut the replies a
 * server could stream at once by about 40 %.
 */
const WORDS_PER_TURN = 8;

/**
 * The default chat model: no network, deterministic. It reads the turn's question plan and
 * passages from `providerOptions.local` (the passages a hosted model reads in its system prompt)
 * and answers with the sentences that best match the question, streamed word by word.
 */
export class LocalLanguageModel implements LanguageModelV4 {
  readonly specificationVersion = 'v4';
  readonly provider = 'local';
  readonly supportedUrls = {};

  constructor(
    readonly modelId: string,
    private readonly settings: LocalModelSettings = {},
  ) {}

  private answer({ prompt, providerOptions }: LanguageModelV4CallOptions): {
    text: string;
    usage: LanguageModelV4Usage;
  } {
    // The plan and passages come as data (lib/ai/prompt/model-input.ts); without them there is nothing to answer from.
    const input = readLocalModelInput(providerOptions?.local);
    const question = input?.plan.question ?? textOf(prompt.findLast((m) => m.role === 'user')?.content ?? []);
    const text = composeAnswer({
      // A follow-up that stands for a question of its own is answered as that question, as
      // retrieval looked it up ("How does it differ from streamText?" after "What is generateText?").
      question,
      previousQuestion: input?.plan.previousQuestion,
      plan: input && { compared: input.plan.compared, parts: input.plan.parts },
      previousAnswers: prompt.filter((m) => m.role === 'assistant').map((m) => textOf(m.content)),
      sources: input?.sources ?? [],
      earlierAnswers: input?.earlierAnswers ?? [],
      assistantName: input?.assistantName,
    });
    const promptChars = prompt.reduce(
      (sum, m) => sum + (typeof m.content === 'string' ? m.content.length : textOf(m.content).length),
      0,
    );
    return { text, usage: usage(Math.ceil(promptChars / 4), text.split(/\s+/).filter(Boolean).length) };
  }

  async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    const { text, usage } = this.answer(options);
    return { content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
  }

  async doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    const { text, usage } = this.answer(options);
    const words = text.match(/\S+\s*/g) ?? [];
    const delay = this.settings.wordDelayMs ?? 0;
    const signal = options.abortSignal;
    let index = 0;
    const stream = new ReadableStream<LanguageModelV4StreamPart>({
      start(controller) {
        controller.enqueue({ type: 'stream-start', warnings: [] });
        controller.enqueue({ type: 'response-metadata', modelId: 'local', timestamp: new Date() });
        controller.enqueue({ type: 'text-start', id: 'text-0' });
      },
      async pull(controller) {
        if (signal?.aborted) {
          controller.error(signal.reason ?? new DOMException('Aborted', 'AbortError'));
          return;
        }
        if (index >= words.length) {
          controller.enqueue({ type: 'text-end', id: 'text-0' });
          controller.enqueue({ type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } });
          controller.close();
          return;
        }
        await pause(delay);
        const end = delay > 0 ? index + 1 : Math.min(words.length, index + WORDS_PER_TURN);
        while (index < end) controller.enqueue({ type: 'text-delta', id: 'text-0', delta: words[index++]! });
      },
    });
    return { stream };
  }
}

function textOf(content: ReadonlyArray<{ type: string; text?: string }>): string {
  return content.map((p) => (p.type === 'text' ? (p.text ?? '') : '')).join('');
}

function usage(input: number, output: number): LanguageModelV4Usage {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));
}
