import 'server-only';
import { config } from '@/lib/config';
import { parseModelChoice, storedChoice, type StoredChoice } from './stored-choice';

/** The environment chooses the embedding model (EMBEDDING_MODEL=openai:…): the stored choice is not used. */
export const embeddingChosenByEnvironment = (): boolean => config().EMBEDDING_MODEL !== 'local';

/**
 * What chunks embedded by a connection's model record: the connection's id, never its name,
 * so renaming it keeps the vectors; `conn:` keeps these apart from EMBEDDING_MODEL's names.
 */
export const connectionEmbeddingId = (connectionId: string, model: string) => `conn:${connectionId}:${model}`;

export function parseConnectionEmbeddingId(id: string): { connectionId: string; model: string } | undefined {
  return id.startsWith('conn:') ? parseModelChoice(id.slice('conn:'.length)) : undefined;
}

export type ChosenEmbeddingModel = StoredChoice;

const choice = storedChoice('embedding_model');

/** The embedding model an admin chose (PUT /api/models/embedding), read at most every few seconds. */
export const chosenEmbeddingModel = (): Promise<ChosenEmbeddingModel> => choice.get();
export const storeChosenEmbeddingModel = (id: string): Promise<void> => choice.store(id);
export const forgetChosenEmbeddingModel = (): void => choice.forget();
