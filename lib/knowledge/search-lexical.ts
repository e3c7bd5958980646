import 'server-only';
import { Prisma, prisma } from '@/lib/db';
import { corpusStats } from './corpus-stats';

export interface Ranked {
  chunkId: string;
  score: number;
}

/**
 * BM25 over the postings table. The query goes through the same `english`
 * text-search configuration as the chunks, so stemming and stop words agree;
 * document frequencies are counted from the postings in the same query.
 * Portable SQL: runs on PGlite and on any PostgreSQL, no extension needed.
 */
export async function searchLexical(opts: {
  query: string;
  limit: number;
  k1: number;
  b: number;
  sourceId?: string;
}): Promise<Ranked[]> {
  const { chunks: n, avgTerms } = await corpusStats();
  const db = await prisma();
  const scope = opts.sourceId
    ? Prisma.sql`JOIN chunks c ON c.seq = ct.chunk_seq AND c.source_id = ${opts.sourceId}::uuid`
    : Prisma.empty;
  const rows = await db.$queryRaw<{ chunk_id: string; score: number }[]>`
    WITH q AS (
      SELECT lexeme AS term, coalesce(array_length(positions, 1), 1) AS qtf
      FROM unnest(to_tsvector('english', ${opts.query}))
    ), p AS (
      SELECT ct.chunk_seq, ct.tf, ct.dl, q.qtf, count(*) OVER (PARTITION BY ct.term) AS df
      FROM chunk_terms ct JOIN q ON q.term = ct.term ${scope}
    ), top AS (
      SELECT chunk_seq, sum(qtf * ln(1 + (${n}::float8 - df + 0.5) / (df + 0.5))
        * tf * (${opts.k1}::float8 + 1) / (tf + ${opts.k1}::float8 * (1 - ${opts.b}::float8 + ${opts.b}::float8 * dl / ${avgTerms}::float8)))::float8 AS score
      FROM p GROUP BY chunk_seq ORDER BY score DESC LIMIT ${opts.limit}
    )
    SELECT c.id::text AS chunk_id, top.score FROM top JOIN chunks c ON c.seq = top.chunk_seq ORDER BY top.score DESC`;
  return rows.map((r) => ({ chunkId: r.chunk_id, score: r.score }));
}
