import type { ModelMessage } from 'ai';
import { planQuestion, type QuestionPlan } from '@/lib/ai/question-plan';
import { textOfParts } from '@/lib/conversations/message-parts';

export interface StoredTurn {
  role: 'system' | 'user' | 'assistant';
  parts: unknown;
}

/** A rough token count (about four characters per token) – enough for a budget. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4) + 4;
}

/**
 * The most recent turns that fit in `budget` tokens, oldest first. Older turns
 * are dropped first; a turn is never cut in half, and the history never starts
 * with a reply whose question was dropped.
 */
export function selectHistory(turns: StoredTurn[], budget: number): ModelMessage[] {
  const kept: ModelMessage[] = [];
  let used = 0;
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i];
    if (!turn || turn.role === 'system') continue;
    const text = textOfParts(turn.parts).trim();
    if (!text) continue;
    const cost = estimateTokens(text);
    if (used + cost > budget) break;
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
  return planQuestion([...turns.filter((t) => t.role === 'user').map((t) => textOfParts(t.parts).trim()), question]);
}
