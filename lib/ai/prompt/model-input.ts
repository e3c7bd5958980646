// What every chat model is given for a turn: the system prompt (rules and the numbered sources,
// as text, which is all an OpenAI-compatible model reads) and, for the local model, the same
// sources and the question plan as data in `providerOptions.local`, which other providers ignore.
import type { LocalModelInput } from '@/lib/ai/local/local-model-input';
import type { QuestionPlan } from '@/lib/ai/question-plan';
import { DEFAULT_ASSISTANT } from '@/lib/assistant/assistant-profile';
import { buildSystemPrompt, type PromptAssistant } from './build-system-prompt';
import type { PromptSource } from './sources-block';

export function modelInput({
  sources,
  assistant = DEFAULT_ASSISTANT,
  plan,
  earlierAnswers = [],
  now,
}: {
  sources: PromptSource[];
  assistant?: PromptAssistant;
  plan: QuestionPlan;
  /** On a regenerate, the question's earlier replies: the local model answers with other sentences when it can. */
  earlierAnswers?: string[];
  now?: Date;
}): { system: string; providerOptions: { local: LocalModelInput } } {
  const { question, previousQuestion, compared, parts, corrections } = plan;
  // A corrected question was searched for as corrected: the model is told, so it answers that.
  const searchedFor = corrections?.length ? question : undefined;
  return {
    system: buildSystemPrompt({ sources, assistant, now, searchedFor }),
    providerOptions: {
      local: {
        plan: { question, previousQuestion, compared, parts, corrections },
        sources,
        assistantName: assistant.name,
        earlierAnswers,
      },
    },
  };
}
