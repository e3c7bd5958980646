import 'server-only';
import { createHash } from 'node:crypto';
import { configuredEmbeddingModel } from '@/lib/ai/embedding/configured-embedding-model';
import { embedTexts, type EmbeddingChoice } from '@/lib/ai/embedding/embedding-registry';
import { isLocalEmbeddingModel } from '@/lib/ai/embedding/local-embedding-model';
import { Prisma, prisma } from '@/lib/db/index';
import { ACTIVE_MODEL_SETTING, forgetActiveEmbeddingModel } from '../index/active-embedding-model';
import { chunkContext } from '../index/chunk-context';
import { clearReindexFailure, noteReindexFailure } from './reindex-failure';
import type { ChunkLocation } from '../sources/types';
import { VECTOR_FROM_INTS, vectorLiteral } from '../index/vector-literal';

const BATCH = 256;

/**
 * One step of moving the index to the configured embedding model. New vectors
 * go to a side table while search keeps using chunks.embedding; when every
 * chunk has one, a single transaction swaps them in and records the model as
 * active, so queries switch models exactly when the new vectors are complete.
 * Returns how many chunks it embedded (0 = nothing to do).
 */
export async function reindexStep(to?: EmbeddingChoice): Promise<number> {
  const choice = to ?? (await configuredEmbeddingModel());
  const db = await prisma();
  const todo = await db.$queryRaw<{ id: string; text: string; title: string; location: ChunkLocation }[]>`
    SELECT c.id::text AS id, c.text, s.title, c.location
    FROM chunks c JOIN sources s ON s.id = c.source_id
    WHERE c.embedding_model IS DISTINCT FROM ${choice.id}
      AND NOT EXISTS (SELECT 1 FROM chunk_embeddings ce WHERE ce.chunk_id = c.id AND ce.model = ${choice.id})
    LIMIT ${BATCH}`;
  if (todo.length > 0) {
    const embeddings = await embedTexts(
      choice,
      todo.map((t) => [...chunkContext(t.title, t.location), t.text].join('\n')),
    );
    await db.$executeRaw`
      INSERT INTO chunk_embeddings (chunk_id, model, embedding)
      SELECT t.id, ${choice.id}, t.e${Prisma.raw(VECTOR_FROM_INTS)} FROM unnest(${todo.map((t) => t.id)}::uuid[], ${embeddings.map((e) => vectorLiteral(e))}::text[]) AS t(id, e)
      ON CONFLICT DO NOTHING`;
    return todo.length;
  }
  const setting = await db.setting.findUnique({ where: { key: ACTIVE_MODEL_SETTING } });
  const stale = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM chunks WHERE embedding_model IS DISTINCT FROM ${choice.id}`;
  if ((stale[0]?.n ?? 0) === 0 && setting?.value === choice.id) return 0;
  await ensureVectorIndex(choice);
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`
      UPDATE chunks c SET embedding = ce.embedding, embedding_model = ce.model
      FROM chunk_embeddings ce WHERE ce.chunk_id = c.id AND ce.model = ${choice.id}`;
    await tx.$executeRaw`DELETE FROM chunk_embeddings WHERE model = ${choice.id}`;
    await tx.setting.upsert({
      where: { key: ACTIVE_MODEL_SETTING },
      create: { key: ACTIVE_MODEL_SETTING, value: choice.id },
      update: { value: choice.id },
    });
  });
  forgetActiveEmbeddingModel();
  return 0;
}

/** How long the idle worker trusts a check that found every chunk on the configured model. */
const SETTLED_RECHECK_MS = 5 * 60_000;
let settled: { model: string; at: number } | undefined;

/**
 * reindexStep for the idle worker, which asks every second: once a check found
 * nothing to move (each check reads every chunk), the next waits a few minutes.
 * Chunks this process writes always have the configured model; the recheck is for
 * another instance still running with the old one during a rolling change.
 */
export async function reindexWhenDue(): Promise<number> {
  const choice = await configuredEmbeddingModel();
  if (settled?.model === choice.id && Date.now() - settled.at < SETTLED_RECHECK_MS) return 0;
  let embedded: number;
  try {
    embedded = await reindexStep(choice);
  } catch (error) {
    await noteReindexFailure(choice.id, error).catch(() => {});
    throw error;
  }
  await clearReindexFailure();
  settled = embedded === 0 ? { model: choice.id, at: Date.now() } : undefined;
  return embedded;
}

/** An HNSW index for a model other than the local ones (the migrations have those), built on first use. */
export async function ensureVectorIndex(choice: EmbeddingChoice): Promise<void> {
  if (isLocalEmbeddingModel(choice.id)) return;
  const db = await prisma();
  const sample = await db.$queryRaw<{ dims: number }[]>`
    SELECT vector_dims(embedding) AS dims FROM chunk_embeddings WHERE model = ${choice.id} LIMIT 1`;
  const dims = Math.trunc(Number(sample[0]?.dims ?? 0));
  if (!(dims > 0 && dims <= 2000)) return;
  const name = `chunks_embedding_${createHash('sha1').update(choice.id).digest('hex').slice(0, 12)}_idx`;
  const literal = choice.id.replaceAll("'", "''");
  await db.$executeRawUnsafe(
    `CREATE INDEX IF NOT EXISTS "${name}" ON chunks USING hnsw ((embedding::vector(${dims})) vector_cosine_ops) WHERE embedding_model = '${literal}'`,
  );
}
