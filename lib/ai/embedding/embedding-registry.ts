import 'server-only';
import { createOpenAI } from '@ai-sdk/openai';
import type { EmbeddingModelV4 } from '@ai-sdk/provider';
import { config } from '@/lib/config';
import { createLocalEmbeddingModel, isLocalEmbeddingModel, LOCAL_EMBEDDING_DIMENSIONS, LOCAL_EMBEDDING_MODEL_ID } from './local-embedding-model';

export interface EmbeddingChoice {
  model: EmbeddingModelV4;
  /** What is recorded on each chunk: vectors of different ids are never compared. */
  id: string;
}

/**
 * Resolves an EMBEDDING_MODEL name: `local` (default, in-process) or
 * `openai:<model>` (OpenAI, or any compatible server through OPENAI_BASE_URL).
 */
export function resolveEmbeddingModel(name: string = config().EMBEDDING_MODEL): EmbeddingChoice {
  if (name === 'local') return { model: createLocalEmbeddingModel(), id: LOCAL_EMBEDDING_MODEL_ID };
  if (isLocalEmbeddingModel(name)) return { model: createLocalEmbeddingModel(name), id: name };
  if (name.startsWith('openai:')) {
    const modelId = name.slice('openai:'.length);
    const c = config();
    const openai = createOpenAI({ apiKey: c.OPENAI_API_KEY ?? 'not-needed', baseURL: c.OPENAI_BASE_URL });
    return { model: openai.embeddingModel(modelId), id: name };
  }
  throw new Error(`EMBEDDING_MODEL "${name}" is not known: use "local" or "openai:<model>".`);
}

export { LOCAL_EMBEDDING_DIMENSIONS, LOCAL_EMBEDDING_MODEL_ID };
