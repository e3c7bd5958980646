import 'server-only';
import { reachSql, type Reach } from '@/lib/access';
import { Prisma, prisma } from '@/lib/db/index';
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
 * out of the answer. A reader who reaches only some collections is told only of the words their
 * live chunks hold: whether a word is in a collection they cannot read is not theirs to learn.
 */
export async function wordsSeen(words: string[], reach: Reach): Promise<WordSeen[]> {
  if (words.length === 0) return [];
  const db = await prisma();
  return db.$queryRaw<WordSeen[]>`
    SELECT w.word, EXISTS (
      SELECT 1 FROM unnest(to_tsvector('english', w.parsed)) l WHERE ${termHeld(Prisma.sql`l.lexeme`, reach)}
    ) AS seen
    FROM unnest(${words}::text[], ${words.map(forTextSearch)}::text[]) WITH ORDINALITY AS w(word, parsed, n)
    WHERE to_tsvector('english', w.parsed) <> ''::tsvector
    ORDER BY w.n`;
}

/**
 * SQL: some chunk the reach reads now holds the term (any chunk, any generation, for a reach of
 * all). For a narrower reach the document frequency comes first, beside the join: on a fresh
 * corpus not yet analyzed, the join alone was planned as a scan of every term of the reach's
 * chunks, 188 s for a question's ten words at 10,000 chunks (every request waited); with it, 80 ms.
 */
export function termHeld(term: Prisma.Sql, reach: Reach): Prisma.Sql {
  const anywhere = Prisma.sql`(SELECT coalesce(sum(tc.df), 0) FROM term_counts tc WHERE tc.term = ${term}) > 0`;
  return reach.all ? anywhere : Prisma.sql`(${anywhere} AND EXISTS (${liveChunksHolding(term, reach)}))`;
}

/** SQL: a row for each live chunk the reach reads that holds the term. */
export function liveChunksHolding(term: Prisma.Sql, reach: Reach, columns = Prisma.sql`1`): Prisma.Sql {
  return Prisma.sql`SELECT ${columns} FROM chunk_terms ct JOIN chunks c ON c.seq = ct.chunk_seq JOIN sources s ON s.id = c.source_id
    WHERE ct.term = ${term} AND c.generation = s.generation AND ${reachSql(reach, Prisma.sql`s.collection_id`)}`;
}
