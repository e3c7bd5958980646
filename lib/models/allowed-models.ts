import 'server-only';
import { chatModelId } from '@/lib/ai/providers/chat-models';
import { config } from '@/lib/config';
import { prisma } from '@/lib/db';
import { ApiError } from '@/lib/http/api-error';
import type { AllowedModelView } from '@/lib/schemas/models';
import { refuseWhileEnvironmentChooses } from './chat-model-choices';
import { chosenByEnvironment, chosenModel, parseModelChoice, type ChosenModel } from './default-model';
import { requireOfferedModels } from './offered-models';

/** A JSON array of `<connectionId>:<model>` ids users may pick, beside `local` and the default. */
const SETTING = 'chat_models_allowed';
const LOCAL_NAME = 'local (quotes your documents)';

async function storedIds(): Promise<string[]> {
  const db = await prisma();
  const value = (await db.setting.findUnique({ where: { key: SETTING } }))?.value;
  try {
    const ids: unknown = value ? JSON.parse(value) : [];
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * What a chat may name now: `local`, the default and the stored ids whose connection still exists
 * and is enabled (the server is not asked: this is read on every chat page). While CHAT_MODEL
 * chooses, its model alone.
 */
async function usableModels(): Promise<(ChosenModel & { name: string; default: boolean })[]> {
  if (chosenByEnvironment()) {
    const id = chatModelId(config().CHAT_MODEL);
    return [{ id, name: id, default: true }];
  }
  const current = (await chosenModel()).id;
  const ids = [...new Set([current, ...(await storedIds())])].filter((id) => id !== 'local');
  const choices = ids.flatMap((id) => {
    const choice = parseModelChoice(id);
    return choice ? [{ id, ...choice }] : [];
  });
  const db = await prisma();
  const connections = await db.modelConnection.findMany({
    where: { id: { in: [...new Set(choices.map((c) => c.connectionId))] }, enabled: true },
  });
  const byId = new Map(connections.map((c) => [c.id, c]));
  return [
    { id: 'local', name: LOCAL_NAME, default: current === 'local' },
    ...choices.flatMap(({ id, connectionId, model }) => {
      const connection = byId.get(connectionId);
      return connection
        ? [{ id, connection, model, name: `${connection.name} / ${model}`, default: id === current }]
        : [];
    }),
  ];
}

export async function allowedChatModels(): Promise<AllowedModelView[]> {
  return (await usableModels()).map((m) => ({ id: m.id, name: m.name, default: m.default }));
}

/** 409 while the environment chooses; 422 for an id no enabled connection offers (its server is asked). */
export async function storeAllowedModels(ids: string[]): Promise<void> {
  refuseWhileEnvironmentChooses();
  await requireOfferedModels(ids);
  const kept = [...new Set(ids)].filter((id) => id !== 'local');
  const db = await prisma();
  const value = JSON.stringify(kept);
  await db.setting.upsert({ where: { key: SETTING }, create: { key: SETTING, value }, update: { value } });
}

/** The model a message asked for, if a chat may use it; else 422 saying where the choices are. */
export async function allowedModelOrThrow(id: string): Promise<ChosenModel> {
  const wanted = id === 'local:extractive' ? 'local' : id;
  const usable = await usableModels();
  const found = usable.find((m) => m.id === wanted);
  if (found) return found;
  if (chosenByEnvironment()) {
    throw new ApiError(
      'unprocessable',
      `CHAT_MODEL is set in the environment, so ${usable[0]!.id} is the only chat model: leave out \`model\` or send that id.`,
    );
  }
  throw new ApiError(
    'unprocessable',
    `The model ${JSON.stringify(id)} is not one the chat may use: choose an id from GET /api/models/allowed.`,
  );
}
