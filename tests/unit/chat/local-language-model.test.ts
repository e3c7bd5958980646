import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { LocalLanguageModel } from '@/lib/ai/local/local-language-model';
import { NOTHING_FOUND } from '@/lib/ai/local/compose-answer';
import { modelInput } from '@/lib/ai/prompt/model-input';
import { planQuestion } from '@/lib/ai/question-plan';

const tea = [
  { n: 1, title: 'Tea', text: 'Green tea is brewed at 80 degrees for two minutes. Black tea needs boiling water.' },
];
/** What a reply gives the model for a question: the system prompt, and the plan and passages as data. */
const input = (...questions: string[]) => modelInput({ sources: tea, plan: planQuestion(questions) });

describe('LocalLanguageModel (LanguageModelV4)', () => {
  it('streams the grounded answer word by word through streamText, with usage', async () => {
    const result = streamText({
      model: new LocalLanguageModel('extractive'),
      ...input('At what temperature is green tea brewed?'),
      prompt: 'At what temperature is green tea brewed?',
    });
    const deltas: string[] = [];
    for await (const part of result.stream) if (part.type === 'text-delta') deltas.push(part.text);
    expect(deltas.join('')).toBe('Green tea is brewed at 80 degrees for two minutes [1].');
    expect(deltas.length).toBe(11);
    expect(deltas.every((d) => d.trim().split(' ').length === 1)).toBe(true);
    const usage = await result.totalUsage;
    expect(usage.outputTokens).toBe(11);
    expect(usage.inputTokens).toBeGreaterThan(50);
    expect(await result.finishReason).toBe('stop');
  });

  it('answers the same through generateText, deterministically', async () => {
    const model = new LocalLanguageModel('extractive');
    const asked = { ...input('Does black tea need boiling water?'), prompt: 'Does black tea need boiling water?' };
    const a = await generateText({ model, ...asked });
    const b = await generateText({ model, ...asked });
    expect(a.text).toBe('Black tea needs boiling water [1].');
    expect(b.text).toBe(a.text);
  });

  it('answers a follow-up that names one side of a comparison by a pronoun as the comparison it stands for', async () => {
    const drinks = modelInput({
      sources: [
        { n: 1, title: 'Drinks', text: '## Green tea\n\nGreen tea is brewed at 80 degrees for two minutes.' },
        { n: 2, title: 'Drinks', text: '## Black tea\n\nBlack tea needs boiling water.' },
      ],
      plan: planQuestion(['What is green tea?', 'How does it differ from black tea?']),
    });
    const { text } = await generateText({
      model: new LocalLanguageModel('extractive'),
      ...drinks,
      messages: [
        { role: 'user', content: 'What is green tea?' },
        { role: 'assistant', content: 'Green tea is brewed at 80 degrees for two minutes [1].' },
        { role: 'user', content: 'How does it differ from black tea?' },
      ],
    });
    expect(text).toBe('Green tea is brewed at 80 degrees for two minutes [1].\n\nBlack tea needs boiling water [2].');
  });

  it('reads its passages from providerOptions, never back out of the system prompt', async () => {
    const model = new LocalLanguageModel('extractive');
    const { system, providerOptions } = input('Does black tea need boiling water?');
    const fromData = await generateText({ model, providerOptions, prompt: 'Does black tea need boiling water?' });
    expect(fromData.text).toBe('Black tea needs boiling water [1].');
    const fromPrompt = await generateText({ model, system, prompt: 'Does black tea need boiling water?' });
    expect(fromPrompt.text).toBe(NOTHING_FOUND);
  });

  it('answers the question the plan says, not its own reading of the messages', async () => {
    const model = new LocalLanguageModel('extractive');
    // (retrieval and the model read one plan: the model does not resolve the question again)
    const { providerOptions } = input('Does black tea need boiling water?');
    const { text } = await generateText({ model, providerOptions, prompt: 'At what temperature is green tea brewed?' });
    expect(text).toBe('Black tea needs boiling water [1].');
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const model = new LocalLanguageModel('extractive', { wordDelayMs: 5 });
    const result = streamText({
      model,
      ...input('At what temperature is green tea brewed?'),
      prompt: 'At what temperature is green tea brewed?',
      abortSignal: controller.signal,
    });
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const part of result.stream) {
          if (part.type === 'text-delta') seen.push(part.text);
          if (seen.length === 2) controller.abort();
          if (part.type === 'error' || part.type === 'abort') throw new Error(part.type);
        }
      })(),
    ).rejects.toThrow();
    expect(seen.length).toBeLessThan(11);
  });
});
