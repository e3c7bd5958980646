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
}): Promise<Prisma.Sql> {
  const { chunks: n, avgTerms } = await corpusStats();
  // A source, or the collections the caller reaches, are kept before the LIMIT: the k best of
  // what may be read, not what is left of the k best overall.
  const restricted = opts.reach && !opts.reach.all;
  const scope =
    opts.sourceId || restricted
      ? Prisma.sql`JOIN chunks sc ON sc.seq = x.chunk_seq ${
          opts.sourceId ? Prisma.sql`AND sc.source_id = ${opts.sourceId}::uuid` : Prisma.empty
        } ${
          restricted
            ? Prisma.sql`JOIN sources ss ON ss.id = sc.source_id AND ${reachSql(opts.reach!, Prisma.sql`ss.collection_id`)}`
            : Prisma.empty
        }`
      : Prisma.empty;
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
  return Prisma.sql`
    lex_terms AS MATERIALIZED (
      SELECT t.term, (t.qtf * ln(1 + (${n}::float8 - d.df + 0.5) / (d.df + 0.5)) * ${opts.k1 + 1}::float8)::float4 AS w
      FROM (SELECT lexeme AS term, coalesce(array_length(positions, 1), 1)::float8 AS qtf
            FROM unnest(to_tsvector('english', ${forTextSearch(opts.query)}))
            ${subwords}
            ${stopMembers}) t
      CROSS JOIN LATERAL (SELECT coalesce(sum(tc.df), 0)::float8 AS df FROM term_counts tc WHERE tc.term = t.term) d
      WHERE d.df > 0
    ), lex AS MATERIALIZED (
      SELECT x.chunk_seq, sum(q.w * x.tf / (x.tf + ${c1}::float4 + ${c2}::float4 * x.dl)) AS score
      FROM lex_terms q
      CROSS JOIN LATERAL (SELECT ct.chunk_seq, ct.tf::float4 AS tf, ct.dl::float4 AS dl FROM chunk_terms ct WHERE ct.term = q.term) x
      ${scope}
      GROUP BY x.chunk_seq ORDER BY score DESC LIMIT ${opts.limit}
    )`;
}
