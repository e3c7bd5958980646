import 'server-only';
import { createOpenAI } from '@ai-sdk/openai';
import { embedMany } from 'ai';
import type { EmbeddingModelV4 } from '@ai-sdk/provider';
import { config } from '@/lib/config';
import {
  createLocalEmbeddingModel,
  isLocalEmbeddingModel,
  LOCAL_EMBEDDING_DIMENSIONS,
  LOCAL_EMBEDDING_MODEL_ID,
} from './local-embedding-model';

export interface EmbeddingChoice {
  model: EmbeddingModelV4;
  /** What is recorded on each chunk: vectors of different ids are never compared. */
  id: string;
}

/**
 * Resolves an EMBEDDING_MODEL name: `local` (default, in-process) or
 * `openai:<model>` (OpenAI, or any compatible server through OPENAI_BASE_URL).
 * The model in use is configuredEmbeddingModel()'s (an admin may choose a connection's).
 */
export function resolveEmbeddingModel(name: string): EmbeddingChoice {
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

/** An embedding model that failed or did not answer in time, in words for a source's `error`. */
export class EmbeddingError extends Error {
  override name = 'EmbeddingError';
}

/**
 * Embeds texts for the index (ingestion, re-indexing) within EMBEDDING_TIMEOUT_MS, retries
 * included: a remote model that stops answering must fail the batch, not hold the worker forever.
 */
export async function embedTexts(choice: EmbeddingChoice, values: string[]): Promise<number[][]> {
  const timeoutMs = config().EMBEDDING_TIMEOUT_MS;
  try {
    return (
      await embedMany({ model: choice.model, values, maxRetries: 2, abortSignal: AbortSignal.timeout(timeoutMs) })
    ).embeddings;
  } catch (error) {
    throw embeddingError(choice, error, timeoutMs);
  }
}

export function embeddingError(choice: EmbeddingChoice, error: unknown, timeoutMs: number): EmbeddingError {
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  const reason = timedOut
    ? `did not answer within ${timeoutMs} ms`
    : `failed: ${error instanceof Error ? error.message : String(error)}`;
  return new EmbeddingError(`The embedding model ${choice.id} ${reason}.`, { cause: error });
}

export { LOCAL_EMBEDDING_DIMENSIONS, LOCAL_EMBEDDING_MODEL_ID };
