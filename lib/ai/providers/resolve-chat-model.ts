import 'server-only';
import { allowedModelOrThrow } from '@/lib/models/allowed-models';
import { connectionLanguageModel } from '@/lib/models/connection-model';
import { connectionSecret } from '@/lib/models/connections';
import { chosenByEnvironment, chosenModel } from '@/lib/models/default-model';
import { getChatModel, type ChatModel } from './chat-models';

/**
 * The chat model for this request: CHAT_MODEL's when the environment sets one, else the model
 * the message asked for (one of GET /api/models/allowed, else 422), else the default an admin
 * chose (PUT /api/models/default), read from settings so a change needs no restart.
 * Its `id` is what the reply records: `local:extractive` or `<connectionId>:<model>`.
 */
export async function resolveChatModel(requested?: string): Promise<ChatModel> {
  const chosen = requested === undefined ? undefined : await allowedModelOrThrow(requested);
  if (chosenByEnvironment()) return getChatModel();
  const { connection, model, id } = chosen ?? (await chosenModel());
  if (!connection || !model) return getChatModel();
  const apiKey = await connectionSecret(connection);
  return { model: connectionLanguageModel(connection, apiKey, model), id, extractive: false };
}
