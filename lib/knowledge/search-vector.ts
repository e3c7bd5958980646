import 'server-only';
import { embed } from 'ai';
import { getDatabase, Prisma } from '@/lib/db';
import { activeEmbeddingModel } from './active-embedding-model';
import type { Ranked } from './search-lexical';
import { vectorLiteral } from './vector-literal';

/**
 * Nearest chunks by cosine similarity through the HNSW index of the active
 * model. The cast to a fixed dimension is what lets PostgreSQL use the
 * per-model partial index (the column itself is untyped across models).
 */
export async function searchVector(opts: { query: string; limit: number; sourceId?: string }): Promise<Ranked[]> {
  const { model, id } = await activeEmbeddingModel();
  const { embedding } = await embed({ model, value: opts.query, maxRetries: 0 });
  if (!embedding.some((x) => x !== 0)) return [];
  const dims = Prisma.raw(String(Math.trunc(embedding.length)));
  const literal = vectorLiteral(embedding);
  const scope = opts.sourceId ? Prisma.sql`AND c.source_id = ${opts.sourceId}::uuid` : Prisma.empty;
  const db = await getDatabase();
  const rows = await db.query<{ chunk_id: string; score: number }>(
    Prisma.sql`
      SELECT c.id::text AS chunk_id, (1 - (c.embedding::vector(${dims}) <=> ${literal}::vector(${dims})))::float8 AS score
      FROM chunks c
      WHERE c.embedding_model = ${id} ${scope}
      ORDER BY c.embedding::vector(${dims}) <=> ${literal}::vector(${dims})
      LIMIT ${opts.limit}`,
    // HNSW returns at most ef_search rows; ask for enough to fill the candidate list.
    { 'hnsw.ef_search': Math.min(1000, Math.max(40, Math.trunc(opts.limit))) },
  );
  return rows.map((r) => ({ chunkId: r.chunk_id, score: r.score }));
}
