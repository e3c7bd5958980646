import 'server-only';
import { connectionLanguageModel } from '@/lib/models/connection-model';
import { connectionSecret } from '@/lib/models/connections';
import { chosenByEnvironment, chosenModel } from '@/lib/models/default-model';
import { getChatModel, type ChatModel } from './chat-models';

/**
 * The chat model for this request: CHAT_MODEL's when the environment sets one, else the default
 * an admin chose (PUT /api/models/default), read from settings so a change needs no restart.
 * Its `id` is what the reply records: `local:extractive` or `<connectionId>:<model>`.
 */
export async function resolveChatModel(): Promise<ChatModel> {
  if (chosenByEnvironment()) return getChatModel();
  const chosen = await chosenModel();
  if (!chosen.connection || !chosen.model) return getChatModel();
  const apiKey = await connectionSecret(chosen.connection);
  return {
    model: connectionLanguageModel(chosen.connection, apiKey, chosen.model),
    id: chosen.id,
    extractive: false,
  };
}
