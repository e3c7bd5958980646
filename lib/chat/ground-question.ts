import 'server-only';
import type { ModelMessage } from 'ai';
import type { Reach } from '@/lib/access';
import type { ChatModel } from '@/lib/ai/providers/chat-models';
import { resolveChatModel } from '@/lib/ai/providers/resolve-chat-model';
import { modelInput } from '@/lib/ai/prompt/model-input';
import type { QuestionPlan } from '@/lib/ai/question-plan';
import { currentAssistant } from '@/lib/assistant/assistant-store';
import { config } from '@/lib/config';
import { numberPassages, type NumberedPassage } from './number-passages';
import { planAsked } from './plan-asked';
import { retrievePassages } from './retrieve-passages';
import { questionsAfter, selectHistory, type StoredTurn } from './select-history';

/** A question made ready for the model: what it answers with and what it is given. */
export interface GroundedQuestion {
  chat: ChatModel;
  question: string;
  plan: QuestionPlan;
  /** The question as searched for, when a word of it was corrected (see planAsked). */
  searchedFor?: string;
  passages: NumberedPassage[];
  /** The system prompt and the local model's data (modelInput). */
  input: ReturnType<typeof modelInput>;
  /** The history within CHAT_HISTORY_TOKENS, then the question. */
  messages: ModelMessage[];
}

/**
 * A question answered outside a stored conversation (`/ask`, `/v1/chat/completions`), grounded
 * as a conversation's turn is: the plan of the questions so far, retrieval within `reach`, the
 * assistant's settings, the numbered passages and the history a reply would see.
 */
export async function groundQuestion({
  question,
  earlier = [],
  reach,
  model,
}: {
  question: string;
  /** An allowed chat model other than the default (resolveChatModel). */
  model?: string;
  /** The turns before the question, oldest first. */
  earlier?: StoredTurn[];
  reach: Reach;
}): Promise<GroundedQuestion> {
  const chat = await resolveChatModel(model);
  const { plan, searchedFor } = await planAsked(questionsAfter(earlier, question), reach);
  const [hits, { profile: assistant }] = await Promise.all([
    retrievePassages({ plan, extractive: chat.extractive, reach }),
    currentAssistant(),
  ]);
  const passages = numberPassages(hits);
  const history = selectHistory(earlier, config().CHAT_HISTORY_TOKENS);
  return {
    chat,
    question,
    plan,
    ...(searchedFor === undefined ? {} : { searchedFor }),
    passages,
    input: modelInput({ sources: passages.map((p) => p.source), assistant, plan }),
    messages: [...history, { role: 'user', content: question }],
  };
}
