import 'server-only';
import { embed } from 'ai';
import { Prisma, prisma } from '@/lib/db';
import { activeEmbeddingModel } from './active-embedding-model';
import type { Ranked } from './search-lexical';

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
  const literal = `[${embedding.join(',')}]`;
  const scope = opts.sourceId ? Prisma.sql`AND c.source_id = ${opts.sourceId}::uuid` : Prisma.empty;
  const db = await prisma();
  const [, rows] = await db.$transaction([
    // HNSW returns at most ef_search rows; ask for enough to fill the candidate list.
    db.$executeRawUnsafe(`SET LOCAL hnsw.ef_search = ${Math.min(1000, Math.max(40, Math.trunc(opts.limit)))}`),
    db.$queryRaw<{ chunk_id: string; score: number }[]>`
      SELECT c.id::text AS chunk_id, (1 - (c.embedding::vector(${dims}) <=> ${literal}::vector(${dims})))::float8 AS score
      FROM chunks c
      WHERE c.embedding_model = ${id} ${scope}
      ORDER BY c.embedding::vector(${dims}) <=> ${literal}::vector(${dims})
      LIMIT ${opts.limit}`,
  ]);
  return rows.map((r) => ({ chunkId: r.chunk_id, score: r.score }));
}
