import 'server-only';
import { chatModelId } from '@/lib/ai/providers/chat-models';
import { config } from '@/lib/config';
import { ApiError } from '@/lib/http/api-error';
import type { ChatModelView } from '@/lib/schemas/models';
import { listConnections } from './connections';
import { chosenByEnvironment, chosenModel, storeChosenModel } from './default-model';
import { requireOfferedModels } from './offered-models';
import { listUpstreamModels } from './test-connection';

/**
 * The chat models an admin may choose from: the built-in `local`, each enabled connection's
 * models (asked of its server now; one that fails is named in `unavailable`), and the
 * environment's model, read-only, when CHAT_MODEL sets one.
 */
export async function chatModelChoices() {
  const env = chosenByEnvironment();
  const current = env ? chatModelId(config().CHAT_MODEL) : (await chosenModel()).id;
  const data: ChatModelView[] = [
    {
      id: 'local',
      name: 'local (quotes your documents)',
      connectionId: null,
      readOnly: false,
      default: current === 'local' || current === 'local:extractive',
    },
  ];
  if (env) data.push({ id: current, name: current, connectionId: null, readOnly: true, default: true });
  const unavailable: { connectionId: string; detail: string }[] = [];
  const enabled = (await listConnections()).filter((c) => c.enabled);
  const listed = await Promise.all(
    enabled.map((c) =>
      listUpstreamModels(c).then(
        (models) => ({ c, models }),
        (error: unknown) => {
          unavailable.push({ connectionId: c.id, detail: error instanceof Error ? error.message : 'failed' });
          return { c, models: [] };
        },
      ),
    ),
  );
  for (const { c, models } of listed) {
    for (const m of models) {
      const id = `${c.id}:${m.id}`;
      data.push({
        id,
        name: `${c.name} / ${m.id}`,
        connectionId: c.id,
        readOnly: false,
        default: !env && id === current,
      });
    }
  }
  return { data, defaultChatModel: current, readOnly: env, unavailable };
}

/** 409 while the environment chooses; 422 for a model no enabled connection offers. */
export async function setDefaultChatModel(id: string): Promise<void> {
  refuseWhileEnvironmentChooses();
  await requireOfferedModels([id]);
  await storeChosenModel(id === 'local' ? 'local' : id);
}

/** 409: CHAT_MODEL in the environment chooses the chat model, so nothing stored here would be used. */
export function refuseWhileEnvironmentChooses(): void {
  if (!chosenByEnvironment()) return;
  throw new ApiError(
    'conflict',
    `CHAT_MODEL is set in the environment (${config().CHAT_MODEL}), which chooses the chat model: unset it to choose here.`,
  );
}
