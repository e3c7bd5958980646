import 'server-only';
import { getDatabase, Prisma } from '@/lib/db';
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
  const db = await getDatabase();
  const scope = opts.sourceId
    ? Prisma.sql`JOIN chunks sc ON sc.seq = x.chunk_seq AND sc.source_id = ${opts.sourceId}::uuid`
    : Prisma.empty;
  // One index range scan per query term (LATERAL), document frequencies from the same rows,
  // and float8 arithmetic throughout (numeric would be several times slower).
  const k1 = Prisma.sql`${opts.k1}::float8`;
  const b = Prisma.sql`${opts.b}::float8`;
  // PGlite never runs autovacuum, so without statistics the planner would scan every
  // posting; the index range scan per term is always the right plan here.
  const rows = await db.query<{ chunk_id: string; score: number }>(
    Prisma.sql`
    WITH q AS MATERIALIZED (
      SELECT lexeme AS term, coalesce(array_length(positions, 1), 1)::float8 AS qtf
      FROM unnest(to_tsvector('english', ${opts.query}))
    ), p AS MATERIALIZED (
      SELECT q.term, q.qtf, x.chunk_seq, x.tf::float8 AS tf, x.dl::float8 AS dl
      FROM q CROSS JOIN LATERAL (SELECT ct.chunk_seq, ct.tf, ct.dl FROM chunk_terms ct WHERE ct.term = q.term) x ${scope}
    ), df AS (
      SELECT term, count(*)::float8 AS df FROM p GROUP BY term
    ), top AS (
      SELECT p.chunk_seq, sum(p.qtf * ln(1 + (${n}::float8 - df.df + 0.5) / (df.df + 0.5))
        * p.tf * (${k1} + 1) / (p.tf + ${k1} * (1 - ${b} + ${b} * p.dl / ${avgTerms}::float8))) AS score
      FROM p JOIN df ON df.term = p.term GROUP BY p.chunk_seq ORDER BY score DESC LIMIT ${opts.limit}
    )
    SELECT c.id::text AS chunk_id, top.score FROM top JOIN chunks c ON c.seq = top.chunk_seq ORDER BY top.score DESC`,
    { enable_seqscan: 'off' },
  );
  return rows.map((r) => ({ chunkId: r.chunk_id, score: r.score }));
}
