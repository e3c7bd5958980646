import 'server-only';
import { classifySmallTalk } from '@/lib/ai/local/small-talk';
import { config } from '@/lib/config';
import { searchKnowledge } from '@/lib/knowledge/search-knowledge';
import type { SearchHit } from '@/lib/knowledge/types';

// "and what about its side effects?" names nothing: it leans on the previous question.
const LEANS_ON_HISTORY = /^(?:and|but|also|so|then|what about|how about)\b|\b(?:it|its|it's|they|them|their|this|that|these|those|he|she|his|her)\b/i;

/** The query for a message: the message itself, plus the previous question when it is a follow-up. */
export function retrievalQuery(question: string, previousQuestion?: string): string {
  if (!previousQuestion) return question;
  const words = question.trim().split(/\s+/).length;
  return LEANS_ON_HISTORY.test(question) || words <= 4 ? `${previousQuestion}\n${question}` : question;
}

/** Passages for a message; greetings and questions about the assistant need none. */
export async function retrievePassages({ question, previousQuestion }: { question: string; previousQuestion?: string }): Promise<SearchHit[]> {
  if (classifySmallTalk(question)) return [];
  return searchKnowledge({ query: retrievalQuery(question, previousQuestion), k: config().SEARCH_K });
}
