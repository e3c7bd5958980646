import type { ModelMessage } from 'ai';
import { planQuestion, type QuestionPlan } from '@/lib/ai/question-plan';
import { textOfParts } from '@/lib/conversations/message-parts';
import { countTokens, MAX_CHARS_PER_TOKEN, wordsInModelTokens } from '@/lib/text/count-tokens';

export interface StoredTurn {
  role: 'system' | 'user' | 'assistant';
  parts: unknown;
}

/** What a turn costs in our tokens (words, or length for a blob), and about four model tokens around it. */
const turnCost = (text: string) => Math.max(countTokens(text), Math.ceil(text.length / MAX_CHARS_PER_TOKEN)) + 3;

/**
 * The most recent turns that fit in `budget` model tokens (`CHAT_HISTORY_TOKENS`), oldest first. Older turns
 * are dropped first; a turn is never cut in half, and the history never starts
 * with a reply whose question was dropped.
 */
export function selectHistory(turns: StoredTurn[], budget: number): ModelMessage[] {
  const kept: ModelMessage[] = [];
  const words = wordsInModelTokens(budget);
  let used = 0;
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i];
    if (!turn || turn.role === 'system') continue;
    const text = textOfParts(turn.parts).trim();
    if (!text) continue;
    const cost = turnCost(text);
    if (used + cost > words) break;
    used += cost;
    kept.unshift({ role: turn.role, content: text });
  }
  while (kept[0]?.role === 'assistant') kept.shift();
  return kept;
}

/**
 * The plan for a question after these turns: a follow-up read as the question it stands for ("How
 * does it differ from streamText?"), or with the question it leans on (see lib/ai/question-plan).
 */
export function questionPlanAfter(turns: StoredTurn[], question: string): QuestionPlan {
  return planQuestion(questionsAfter(turns, question));
}

/** The conversation's questions up to this one, oldest first: what its plan is made of. */
export function questionsAfter(turns: StoredTurn[], question: string): string[] {
  return [...turns.filter((t) => t.role === 'user').map((t) => textOfParts(t.parts).trim()), question];
}
