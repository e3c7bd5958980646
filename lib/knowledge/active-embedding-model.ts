import 'server-only';
import { resolveEmbeddingModel, type EmbeddingChoice } from '@/lib/ai/embedding/embedding-registry';
import { prisma } from '@/lib/db';

/** Setting row naming the model whose vectors are complete in chunks.embedding. */
export const ACTIVE_MODEL_SETTING = 'knowledge.embedding_model';

/**
 * The model queries are embedded with: the one every indexed chunk has vectors
 * for. After EMBEDDING_MODEL changes this stays on the old model until the
 * re-index finishes, so search never compares vectors of two models.
 */
export async function activeEmbeddingModel(): Promise<EmbeddingChoice> {
  const db = await prisma();
  const row = await db.setting.findUnique({ where: { key: ACTIVE_MODEL_SETTING } });
  const configured = resolveEmbeddingModel();
  if (!row || row.value === configured.id) return configured;
  return resolveEmbeddingModel(row.value);
}
