import 'server-only';
import { embed } from 'ai';
import { reachSql, type Reach } from '@/lib/access';
import { embeddingError } from '@/lib/ai/embedding/embedding-registry';
import { config } from '@/lib/config';
import { Prisma } from '@/lib/db/index';
import { errorFields, log } from '@/lib/log';
import { activeEmbeddingModel } from '../index/active-embedding-model';
import { vectorLiteral } from '../index/vector-literal';

export interface VectorRanking {
  sql: Prisma.Sql;
  efSearch: number;
  /** Filtered: scan the index iteratively (hnsw.iterative_scan). */
  iterative: boolean;
  /** Cosine similarity of chunk `c` to the query: null for a chunk of another model. */
  similarity: Prisma.Sql;
}

/**
 * Nearest chunks by cosine similarity through the HNSW index of the active
 * model, as the CTE `vec` (`chunk_seq`, `score` = similarity) for the search
 * statement, and `similarity`, the same measure as an expression over a chunk
 * `c`, for candidates the index did not return; null when the query has no
 * vector (no word the model knows).
 * The cast to a fixed dimension is what lets PostgreSQL use the per-model
 * partial index (the column itself is untyped across models). A remote model that
 * fails or does not answer within SEARCH_EMBEDDING_TIMEOUT_MS gives null too: search
 * ranks by BM25 alone rather than failing or keeping a chat reply waiting.
 */
export async function vectorRanking(opts: {
  query: string;
  limit: number;
  /** The HNSW search breadth (hnsw.ef_search): wider finds more of the true nearest chunks, slower. */
  efSearch: number;
  sourceId?: string;
  reach?: Reach;
  /** Measure every chunk in scope instead of walking the index: for a scope small enough (SearchSettings.exactVectorChunks). */
  exact?: boolean;
}): Promise<VectorRanking | null> {
  const active = await activeEmbeddingModel();
  const { model, id } = active;
  const timeoutMs = config().SEARCH_EMBEDDING_TIMEOUT_MS;
  let embedding: number[];
  try {
    ({ embedding } = await embed({
      model,
      value: opts.query,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(timeoutMs),
    }));
  } catch (error) {
    log.warn('query embedding failed; ranking by BM25 alone', errorFields(embeddingError(active, error, timeoutMs)));
    return null;
  }
  if (!embedding.some((x) => x !== 0)) return null;
  const dims = Prisma.raw(String(Math.trunc(embedding.length)));
  const literal = vectorLiteral(embedding);
  const restricted = opts.reach && !opts.reach.all;
  const scope = Prisma.sql`${opts.sourceId ? Prisma.sql`AND c.source_id = ${opts.sourceId}::uuid` : Prisma.empty} ${
    restricted
      ? Prisma.sql`AND c.source_id IN (SELECT s.id FROM sources s WHERE ${reachSql(opts.reach!, Prisma.sql`s.collection_id`)})`
      : Prisma.empty
  }`;
  const distance = Prisma.sql`c.embedding::vector(${dims}) <=> ${literal}::int4[]::float4[]::vector(${dims})`;
  // Exact: ordered by score, which the index cannot serve (it serves `ORDER BY distance`), so every
  // chunk in scope is measured, reached through the sources' index.
  const order = opts.exact ? Prisma.sql`score DESC` : distance;
  return {
    sql: Prisma.sql`
    vec AS MATERIALIZED (
      SELECT c.seq AS chunk_seq, (1 - (${distance}))::float8 AS score
      FROM chunks c
      WHERE c.embedding_model = ${id} ${scope}
      ORDER BY ${order}
      LIMIT ${opts.limit}
    )`,
    similarity: Prisma.sql`CASE WHEN c.embedding_model = ${id} THEN (1 - (${distance}))::float8 END`,
    // HNSW returns at most ef_search rows: never fewer than the candidate list needs.
    efSearch: Math.min(1000, Math.max(opts.efSearch, Math.trunc(opts.limit))),
    // Under a filter the index scan goes on past ef_search until it has `limit` rows that pass it
    // (pgvector 0.8's iterative scans), instead of returning the few of its first ef_search that do.
    iterative: !opts.exact && Boolean(restricted || opts.sourceId),
  };
}
