import type { EmbeddingModelV4 } from '@ai-sdk/provider';
import { embedHashed, words } from './hashed-features';

export const LOCAL_EMBEDDING_MODEL_ID = 'local-hash-v1';
export const LOCAL_EMBEDDING_DIMENSIONS = 256;

/**
 * The default embedding model: hashed word, bigram and character n-gram
 * features, normalised. Runs in-process, deterministic, no weights and no
 * network, so a fresh install can index and search offline. The dimension is
 * fixed because the HNSW index in the migration is built for it.
 */
export function createLocalEmbeddingModel(): EmbeddingModelV4 {
  return {
    specificationVersion: 'v4',
    provider: 'local',
    modelId: LOCAL_EMBEDDING_MODEL_ID,
    maxEmbeddingsPerCall: 2048,
    supportsParallelCalls: false,
    async doEmbed({ values, abortSignal }) {
      const embeddings: number[][] = [];
      let tokens = 0;
      for (const value of values) {
        abortSignal?.throwIfAborted();
        const vector = embedHashed(value, new Float32Array(LOCAL_EMBEDDING_DIMENSIONS));
        embeddings.push(Array.from(vector));
        tokens += words(value).length;
      }
      return { embeddings, usage: { tokens }, warnings: [] };
    },
  };
}
