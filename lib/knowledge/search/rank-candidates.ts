import 'server-only';
import { reachSql, type Reach } from '@/lib/access';
import { getDatabase, Prisma } from '@/lib/db/index';
import { passageOf, type ChunkRow } from '../index/chunk-row';
import type { VectorRanking } from './search-vector';
import type { SearchHit } from '../sources/types';

export interface Candidate extends Omit<SearchHit, 'score'> {
  /** BM25 score, when the chunk is among the lexical candidates. */
  lexical: number | null;
  /** Cosine similarity to the query under the active embedding model (null when the query has no vector). */
  similarity: number | null;
}

/**
 * Runs both rankings and loads their candidates in one statement (one trip to
 * the database, one plan): the union of the lexical and vector lists, vector-only
 * chunks below `minSimilarity` left out as unrelated, and only visible chunks
 * kept: the live generation of a source that has not failed. Chunks of an
 * ingestion in progress belong to a newer generation and are filtered out here,
 * as are chunks whose source was deleted meanwhile (they no longer exist).
 *
 * Every candidate carries its cosine similarity, lexical ones too: how close a
 * chunk is to the query must not depend on whether the approximate index
 * happened to return it. When it did, the HNSW graph (which differs with the
 * order chunks were inserted in) decided which lexical candidates got a vector
 * score, and the ranking moved between ingestions in different orders. A chunk the index
 * returned keeps the similarity it scored there (the same expression); only the
 * others are measured here.
 */
export async function rankCandidates(opts: {
  lexical: Prisma.Sql;
  vector: VectorRanking | null;
  minSimilarity: number;
  reach?: Reach;
}): Promise<Candidate[]> {
  const db = await getDatabase();
  const vector =
    opts.vector?.sql ?? Prisma.sql`vec AS (SELECT NULL::int AS chunk_seq, NULL::float8 AS score WHERE false)`;
  const rows = await db.query<ChunkRow & { lexical: number | null; similarity: number | null }>(
    Prisma.sql`
    WITH ${opts.lexical}, ${vector}, ranked AS (
      SELECT chunk_seq, max(lexical) AS lexical, max(similarity) AS similarity
      FROM (SELECT chunk_seq, score AS lexical, NULL::float8 AS similarity FROM lex
            UNION ALL SELECT chunk_seq, NULL::float8, score FROM vec) u
      GROUP BY chunk_seq
    )
    SELECT c.id::text AS id, c.source_id::text AS source_id, s.title, c.text, c.location, c.generation, s.metadata, r.lexical,
      COALESCE(r.similarity, ${opts.vector?.similarity ?? Prisma.sql`NULL::float8`}) AS similarity
    FROM ranked r JOIN chunks c ON c.seq = r.chunk_seq JOIN sources s ON s.id = c.source_id
    WHERE (r.lexical IS NOT NULL OR r.similarity >= ${opts.minSimilarity}::float8)
      AND c.generation = s.generation AND s.status <> 'failed'
      AND ${opts.reach ? reachSql(opts.reach, Prisma.sql`s.collection_id`) : Prisma.sql`TRUE`}
    ORDER BY r.chunk_seq`,
    // PGlite never runs autovacuum, so without statistics the planner could scan every
    // posting; an index range scan per term is always the right plan here.
    {
      enable_seqscan: 'off',
      ...(opts.vector ? { 'hnsw.ef_search': opts.vector.efSearch } : {}),
      ...(opts.vector?.iterative ? { 'hnsw.iterative_scan': 'relaxed_order' } : {}),
    },
  );
  return rows.map((r) => ({ ...passageOf(r), lexical: r.lexical, similarity: r.similarity }));
}
