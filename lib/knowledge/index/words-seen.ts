import 'server-only';
import { prisma } from '@/lib/db/index';
import { forTextSearch } from './text-search-input';

export interface WordSeen {
  word: string;
  /** The full text of some chunk has one of the word's lexemes (any source, any generation). */
  seen: boolean;
}

/**
 * Whether the index holds each word now, by the document frequencies BM25 keeps (term_counts,
 * current after every write and deletion). Words go through the same `english` configuration as
 * the chunks (long runs broken as theirs are: forTextSearch), so "stops" meets "stop"; a word it drops as a stop word has no lexeme and is left
 * out of the answer.
 */
export async function wordsSeen(words: string[]): Promise<WordSeen[]> {
  if (words.length === 0) return [];
  const db = await prisma();
  return db.$queryRaw<WordSeen[]>`
    SELECT w.word, EXISTS (
      SELECT 1 FROM unnest(to_tsvector('english', w.parsed)) l
      WHERE (SELECT coalesce(sum(tc.df), 0) FROM term_counts tc WHERE tc.term = l.lexeme) > 0
    ) AS seen
    FROM unnest(${words}::text[], ${words.map(forTextSearch)}::text[]) WITH ORDINALITY AS w(word, parsed, n)
    WHERE to_tsvector('english', w.parsed) <> ''::tsvector
    ORDER BY w.n`;
}
