import 'server-only';
import { reachSql, type Reach } from '@/lib/access';
import { Prisma } from '@/lib/db/index';
import { compoundWords, memberNames, SUBWORD } from '../index/compound-words';
import { corpusStats } from '../index/corpus-stats';
import { stopWordMembers } from '../index/stop-word-members';
import { forTextSearch } from '../index/text-search-input';

/**
 * BM25 over the postings table, as two CTEs for the search statement:
 * `lex_terms` (the query's lexemes with their weights) and `lex` (`chunk_seq`,
 * `score`, best first). The query goes through the same `english` text-search
 * configuration as the chunks, with long runs broken as theirs are (forTextSearch), so stemming and stop words agree. Its words, and those inside its
 * names from code, also meet the chunks' subwords (compoundWords) at `subwordWeight` of their
 * weight: "when does a tool start" finds `onToolExecutionStart`. A member it names that the
 * parser drops as a stop word (`_.each`, `.then()`) meets the chunks' subword for it in full.
 * Portable SQL: runs on PGlite and on any PostgreSQL, no extension needed.
 * Needs `enable_seqscan = off`, which rankCandidates sets.
 */
export async function lexicalRanking(opts: {
  query: string;
  limit: number;
  k1: number;
  b: number;
  subwordWeight: number;
  sourceId?: string;
  reach?: Reach;
  /**
   * A restricted search over few chunks (scopeSize): list the readable chunks first and keep only
   * their postings. Otherwise the chunks are ranked first and walked best first until `limit`
   * readable ones are found. Either way the `limit` best of what may be read, not what is left
   * of the `limit` best overall.
   */
  smallScope?: boolean;
}): Promise<Prisma.Sql> {
  const { chunks: n, avgTerms } = await corpusStats();
  const restricted = Boolean(opts.sourceId || (opts.reach && !opts.reach.all));
  // What may be read, as a condition on a chunk `c` and its source `s`.
  const readable = Prisma.sql`${opts.sourceId ? Prisma.sql`c.source_id = ${opts.sourceId}::uuid` : Prisma.sql`TRUE`} AND ${
    opts.reach ? reachSql(opts.reach, Prisma.sql`s.collection_id`) : Prisma.sql`TRUE`
  }`;
  // BM25's term weight is w · tf / (tf + k1·(1 − b) + k1·b·dl / avgdl), with w = qtf · idf · (k1 + 1)
  // per query term: constants are folded here and in lex_terms, so each posting costs one division.
  const subwords =
    opts.subwordWeight > 0
      ? Prisma.sql`UNION ALL
          SELECT ${SUBWORD} || lexeme, ${opts.subwordWeight}::float8
          FROM unnest(to_tsvector('english', ${forTextSearch(`${opts.query}\n${compoundWords(opts.query)}`)}))`
      : Prisma.empty;
  // A member the query names that is a stop word (`_.each`) has no lexeme but its subword: it
  // counts in full, being the name itself rather than a word of the question met inside one.
  const members = memberNames(opts.query);
  const stopMembers =
    opts.subwordWeight > 0 && members
      ? Prisma.sql`UNION ALL
          SELECT ${SUBWORD} || lexeme, 1::float8 FROM (${stopWordMembers(Prisma.sql`${forTextSearch(members)}`)}) m`
      : Prisma.empty;
  const c1 = opts.k1 * (1 - opts.b);
  const c2 = (opts.k1 * opts.b) / avgTerms;
  // Per query term: its document frequency from the term counts (the whole corpus, even when
  // scoped to one source), then one index range scan for its postings (LATERAL), which go
  // straight into the sum. Per posting the arithmetic is float4: in PGlite (32-bit WebAssembly)
  // every float8 result is a memory allocation, and float4 made the sum about a third faster.
  // Single precision is ample for adding up a handful of BM25 terms.
  const postings = Prisma.sql`lex_terms q
      CROSS JOIN LATERAL (SELECT ct.chunk_seq, ct.tf::float4 AS tf, ct.dl::float4 AS dl FROM chunk_terms ct WHERE ct.term = q.term) x`;
  const score = Prisma.sql`sum(q.w * x.tf / (x.tf + ${c1}::float4 + ${c2}::float4 * x.dl))`;
  const lex = !restricted
    ? Prisma.sql`lex AS MATERIALIZED (
      SELECT x.chunk_seq, ${score} AS score FROM ${postings}
      GROUP BY x.chunk_seq ORDER BY score DESC LIMIT ${opts.limit}
    )`
    : opts.smallScope
      ? // Materialized: a hash of the few readable chunks, not one lookup per posting.
        Prisma.sql`lex_scope AS MATERIALIZED (
      SELECT c.seq FROM chunks c JOIN sources s ON s.id = c.source_id WHERE ${readable}
    ), lex AS MATERIALIZED (
      SELECT x.chunk_seq, ${score} AS score FROM ${postings}
      JOIN lex_scope r ON r.seq = x.chunk_seq
      GROUP BY x.chunk_seq ORDER BY score DESC LIMIT ${opts.limit}
    )`
      : // LATERAL: a nested loop over the ranking, best first, that the LIMIT stops early.
        Prisma.sql`lex_all AS MATERIALIZED (
      SELECT x.chunk_seq, ${score} AS score FROM ${postings} GROUP BY x.chunk_seq
    ), lex AS MATERIALIZED (
      SELECT a.chunk_seq, a.score FROM (SELECT * FROM lex_all ORDER BY score DESC) a
      CROSS JOIN LATERAL (SELECT 1 FROM chunks c JOIN sources s ON s.id = c.source_id
                          WHERE c.seq = a.chunk_seq AND ${readable} LIMIT 1) ok
      LIMIT ${opts.limit}
    )`;
  return Prisma.sql`
    lex_terms AS MATERIALIZED (
      SELECT t.term, (t.qtf * ln(1 + (${n}::float8 - d.df + 0.5) / (d.df + 0.5)) * ${opts.k1 + 1}::float8)::float4 AS w
      FROM (SELECT lexeme AS term, coalesce(array_length(positions, 1), 1)::float8 AS qtf
            FROM unnest(to_tsvector('english', ${forTextSearch(opts.query)}))
            ${subwords}
            ${stopMembers}) t
      CROSS JOIN LATERAL (SELECT coalesce(sum(tc.df), 0)::float8 AS df FROM term_counts tc WHERE tc.term = t.term) d
      WHERE d.df > 0
    ), ${lex}`;
}
