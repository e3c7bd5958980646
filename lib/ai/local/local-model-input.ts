// What the local model reads from `providerOptions.local` (the AI SDK hands a provider its own key
// untouched): the question plan and the passages as data, never parsed back out of the prompt.
import { z } from 'zod';

const asked = { question: z.string(), previousQuestion: z.string().optional() };

export const localModelInput = z.object({
  /** The turn's plan (see lib/ai/question-plan): the fields the local model answers by. */
  plan: z.object({
    ...asked,
    compared: z.tuple([z.string(), z.string()]).optional(),
    parts: z.array(z.object(asked)).default([]),
    corrections: z.array(z.object({ word: z.string(), correction: z.string() })).optional(),
  }),
  /** The numbered passages, as the system prompt lists them for other models. */
  sources: z.array(
    z.object({
      n: z.number(),
      title: z.string(),
      text: z.string(),
      relevance: z.number().optional(),
      follows: z.number().optional(),
      after: z.number().optional(),
    }),
  ),
  /** What the assistant calls itself, when asked who it is. */
  assistantName: z.string().optional(),
  /** A Regenerate's earlier replies: answered otherwise when possible. */
  earlierAnswers: z.array(z.string()).default([]),
});

export type LocalModelInput = z.input<typeof localModelInput>;

/** The local model's input, or none when the caller gave none (it then finds nothing to answer from). */
export function readLocalModelInput(options: unknown): z.output<typeof localModelInput> | undefined {
  const parsed = localModelInput.safeParse(options);
  return parsed.success ? parsed.data : undefined;
}
