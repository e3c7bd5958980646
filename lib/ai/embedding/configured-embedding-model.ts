import 'server-only';
import type { EmbeddingModelV4 } from '@ai-sdk/provider';
import { config } from '@/lib/config';
import { prisma } from '@/lib/db';
import type { ModelConnection } from '@/lib/db/generated/client';
import { connectionEmbeddingModel } from '@/lib/models/connection-model';
import { connectionSecret } from '@/lib/models/connections';
import {
  chosenEmbeddingModel,
  connectionEmbeddingId,
  embeddingChosenByEnvironment,
  parseConnectionEmbeddingId,
} from '@/lib/models/embedding-choice';
import { resolveEmbeddingModel, type EmbeddingChoice } from './embedding-registry';

/**
 * The model new chunks are embedded with and the re-index moves to: EMBEDDING_MODEL's when the
 * environment sets one, else the one an admin chose (cached a few seconds, so every worker and
 * instance follows a change without a restart).
 */
export async function configuredEmbeddingModel(): Promise<EmbeddingChoice> {
  if (embeddingChosenByEnvironment()) return resolveEmbeddingModel(config().EMBEDDING_MODEL);
  const chosen = await chosenEmbeddingModel();
  if (!chosen.connection || !chosen.model) return resolveEmbeddingModel('local');
  return connectionChoice(chosen.connection, chosen.model);
}

/**
 * The model of an id recorded on chunks, for embedding queries against them. A connection that
 * is gone or disabled is sent nothing: its model fails each call, and search ranks by BM25 alone.
 */
export async function embeddingModelById(id: string): Promise<EmbeddingChoice> {
  const ref = parseConnectionEmbeddingId(id);
  if (!ref) return resolveEmbeddingModel(id);
  const db = await prisma();
  const c = await db.modelConnection.findUnique({ where: { id: ref.connectionId } });
  if (!c?.enabled) return { id, model: unavailableModel(ref.model, c ? 'disabled' : 'deleted') };
  return connectionChoice(c, ref.model);
}

/** A key that cannot be opened (SECRET_KEY changed) fails each call in words, as an outage does. */
async function connectionChoice(c: ModelConnection, model: string): Promise<EmbeddingChoice> {
  const id = connectionEmbeddingId(c.id, model);
  try {
    const apiKey = await connectionSecret(c);
    return { id, model: withoutKeyInErrors(connectionEmbeddingModel(c, apiKey, model), apiKey) };
  } catch (error) {
    return { id, model: unavailableModel(model, error instanceof Error ? error.message : 'cannot be used') };
  }
}

/**
 * A failed call's message reaches a failed source's `error` (embeddingError) and a server may echo
 * the key in it: the key is taken out in place, so the SDK's retry logic still sees its own error.
 */
function withoutKeyInErrors(model: EmbeddingModelV4, apiKey: string | undefined): EmbeddingModelV4 {
  if (!apiKey) return model;
  return {
    specificationVersion: 'v4',
    provider: model.provider,
    modelId: model.modelId,
    maxEmbeddingsPerCall: model.maxEmbeddingsPerCall,
    supportsParallelCalls: model.supportsParallelCalls,
    async doEmbed(options) {
      try {
        return await model.doEmbed(options);
      } catch (error) {
        if (error instanceof Error) error.message = error.message.replaceAll(apiKey, '[redacted]');
        throw error;
      }
    },
  };
}

function unavailableModel(modelId: string, why: string): EmbeddingModelV4 {
  return {
    specificationVersion: 'v4',
    provider: 'connection',
    modelId,
    maxEmbeddingsPerCall: 1,
    supportsParallelCalls: false,
    doEmbed() {
      return Promise.reject(new Error(`its model connection: ${why}`));
    },
  };
}
