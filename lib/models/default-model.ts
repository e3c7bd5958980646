import 'server-only';
import { config } from '@/lib/config';
import { prisma } from '@/lib/db';
import type { ModelConnection } from '@/lib/db/generated/client';

const SETTING = 'chat_model';
/** Other instances see a change within this long; this one at once (forgetChosenModel). */
const CACHE_MS = 5_000;

/** The environment chooses the chat model (CHAT_MODEL=openai…): the stored choice is not used. */
export const chosenByEnvironment = (): boolean => config().CHAT_MODEL !== 'local';

/** `<connectionId>:<model>`: a connection's id is a UUID, so the first colon splits them. */
export function parseModelChoice(id: string): { connectionId: string; model: string } | undefined {
  const at = id.indexOf(':');
  if (at !== 36) return undefined;
  return { connectionId: id.slice(0, at), model: id.slice(at + 1) };
}

export interface ChosenModel {
  /** `local`, or `<connectionId>:<model>`. */
  id: string;
  connection?: ModelConnection;
  model?: string;
}

const globalForChoice = globalThis as unknown as { __chosenModel?: { at: number; value: Promise<ChosenModel> } };

/** The default chat model stored in settings, read at most every few seconds. */
export function chosenModel(): Promise<ChosenModel> {
  const cached = globalForChoice.__chosenModel;
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
  const value = readChoice();
  globalForChoice.__chosenModel = { at: Date.now(), value };
  value.catch(() => forgetChosenModel());
  return value;
}

async function readChoice(): Promise<ChosenModel> {
  const db = await prisma();
  const id = (await db.setting.findUnique({ where: { key: SETTING } }))?.value ?? 'local';
  const choice = parseModelChoice(id);
  if (!choice) return { id: 'local' };
  const connection = await db.modelConnection.findUnique({ where: { id: choice.connectionId } });
  // A deleted or disabled connection answers no more: the built-in model does.
  if (!connection?.enabled) return { id: 'local' };
  return { id, connection, model: choice.model };
}

export async function storeChosenModel(id: string): Promise<void> {
  const db = await prisma();
  await db.setting.upsert({ where: { key: SETTING }, create: { key: SETTING, value: id }, update: { value: id } });
  forgetChosenModel();
}

export function forgetChosenModel(): void {
  globalForChoice.__chosenModel = undefined;
}
