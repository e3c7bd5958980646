import 'server-only';
import { classifySmallTalk } from '@/lib/ai/local/small-talk';
import { leansOnHistory } from '@/lib/ai/local/text-terms';
import { config } from '@/lib/config';
import { searchKnowledge } from '@/lib/knowledge/search-knowledge';
import type { SearchHit } from '@/lib/knowledge/types';

/** The query for a message: the message itself, plus the previous question when it is a follow-up. */
export function retrievalQuery(question: string, previousQuestion?: string): string {
  if (!previousQuestion) return question;
  return leansOnHistory(question) ? `${previousQuestion}\n${question}` : question;
}

/** Passages for a message; greetings and questions about the assistant need none. */
export async function retrievePassages({ question, previousQuestion }: { question: string; previousQuestion?: string }): Promise<SearchHit[]> {
  if (classifySmallTalk(question)) return [];
  return searchKnowledge({ query: retrievalQuery(question, previousQuestion), k: config().SEARCH_K });
}
