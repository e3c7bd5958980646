import 'server-only';
import { configuredEmbeddingModel, embeddingModelById } from '@/lib/ai/embedding/configured-embedding-model';
import type { EmbeddingChoice } from '@/lib/ai/embedding/embedding-registry';
import { prisma } from '@/lib/db/index';

/** Setting row naming the model whose vectors are complete in chunks.embedding. */
export const ACTIVE_MODEL_SETTING = 'knowledge.embedding_model';

const TTL_MS = 2000;
let cached: { at: number; choice: EmbeddingChoice } | undefined;

/**
 * The model queries are embedded with: the one every indexed chunk has vectors
 * for. After the configured model changes (EMBEDDING_MODEL, or an admin's choice)
 * this stays on the old model until the re-index finishes (or, before any re-index
 * ran, on the model the chunks were written with), so search never compares
 * vectors of two models.
 */
export async function activeEmbeddingModel(): Promise<EmbeddingChoice> {
  if (cached && Date.now() - cached.at < TTL_MS) return cached.choice;
  const db = await prisma();
  const configured = await configuredEmbeddingModel();
  const row = await db.setting.findUnique({ where: { key: ACTIVE_MODEL_SETTING } });
  let id = row?.value;
  if (!id) {
    const chunk = await db.chunk.findFirst({
      where: { embeddingModel: { not: null } },
      select: { embeddingModel: true },
    });
    id = chunk?.embeddingModel ?? configured.id;
  }
  const choice = id === configured.id ? configured : await embeddingModelById(id);
  cached = { at: Date.now(), choice };
  return choice;
}

export function forgetActiveEmbeddingModel(): void {
  cached = undefined;
}
