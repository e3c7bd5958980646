import 'server-only';
import { config } from '@/lib/config';
import { prisma } from '@/lib/db';
import type { ModelConnection } from '@/lib/db/generated/client';
import { parseModelChoice } from './default-model';

const SETTING = 'embedding_model';
/** Other instances (and ingestion workers) see a change within this long; this one at once. */
const CACHE_MS = 5_000;

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

export interface ChosenEmbeddingModel {
  /** `local`, or `<connectionId>:<model>` (the API's form). */
  id: string;
  connection?: ModelConnection;
  model?: string;
}

const globalForChoice = globalThis as unknown as {
  __chosenEmbeddingModel?: { at: number; value: Promise<ChosenEmbeddingModel> };
};

/** The embedding model an admin chose (PUT /api/models/embedding), read at most every few seconds. */
export function chosenEmbeddingModel(): Promise<ChosenEmbeddingModel> {
  const cached = globalForChoice.__chosenEmbeddingModel;
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
  const value = readChoice();
  globalForChoice.__chosenEmbeddingModel = { at: Date.now(), value };
  value.catch(() => forgetChosenEmbeddingModel());
  return value;
}

async function readChoice(): Promise<ChosenEmbeddingModel> {
  const db = await prisma();
  const id = (await db.setting.findUnique({ where: { key: SETTING } }))?.value ?? 'local';
  const choice = parseModelChoice(id);
  if (!choice) return { id: 'local' };
  const connection = await db.modelConnection.findUnique({ where: { id: choice.connectionId } });
  // A deleted or disabled connection is sent nothing: the built-in model embeds (a re-index to it follows).
  if (!connection?.enabled) return { id: 'local' };
  return { id, connection, model: choice.model };
}

export async function storeChosenEmbeddingModel(id: string): Promise<void> {
  const db = await prisma();
  await db.setting.upsert({ where: { key: SETTING }, create: { key: SETTING, value: id }, update: { value: id } });
  forgetChosenEmbeddingModel();
}

export function forgetChosenEmbeddingModel(): void {
  globalForChoice.__chosenEmbeddingModel = undefined;
}
