import type { EmbeddingModelV4 } from '@ai-sdk/provider';
import { embedHashed, words } from './hashed-features';

/**
 * The local models by id, with their dimensions. v2 folds the same features into 128
 * dimensions instead of 256: the same ranking for half the arithmetic in HNSW inserts and
 * vector search (figures: docs/benchmarks.md#how-the-search-defaults-were-chosen).
 * v1 stays known so that an install upgrading from it keeps searching its vectors
 * until they are re-embedded in the background.
 */
export const LOCAL_EMBEDDING_MODELS = { 'local-hash-v1': 256, 'local-hash-v2': 128 } as const;
export type LocalEmbeddingModelId = keyof typeof LOCAL_EMBEDDING_MODELS;

/** What EMBEDDING_MODEL=local means. */
export const LOCAL_EMBEDDING_MODEL_ID: LocalEmbeddingModelId = 'local-hash-v2';
export const LOCAL_EMBEDDING_DIMENSIONS = LOCAL_EMBEDDING_MODELS[LOCAL_EMBEDDING_MODEL_ID];

export const isLocalEmbeddingModel = (id: string): id is LocalEmbeddingModelId =>
  Object.hasOwn(LOCAL_EMBEDDING_MODELS, id);

/**
 * The default embedding model: hashed word, bigram and character n-gram
 * features, normalised. Runs in-process, deterministic, no weights and no
 * network, so a fresh install can index and search offline. Each id's dimension is
 * fixed because the HNSW index in the migrations is built for it.
 */
export function createLocalEmbeddingModel(id: LocalEmbeddingModelId = LOCAL_EMBEDDING_MODEL_ID): EmbeddingModelV4 {
  const dimensions = LOCAL_EMBEDDING_MODELS[id];
  return {
    specificationVersion: 'v4',
    provider: 'local',
    modelId: id,
    maxEmbeddingsPerCall: 2048,
    supportsParallelCalls: false,
    async doEmbed({ values, abortSignal }) {
      const embeddings: number[][] = [];
      let tokens = 0;
      for (const value of values) {
        abortSignal?.throwIfAborted();
        const vector = embedHashed(value, new Float32Array(dimensions));
        embeddings.push(Array.from(vector));
        tokens += words(value).length;
      }
      return { embeddings, usage: { tokens }, warnings: [] };
    },
  };
}
