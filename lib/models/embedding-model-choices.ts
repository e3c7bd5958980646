import 'server-only';
import { embed } from 'ai';
import { config } from '@/lib/config';
import type { ModelConnection } from '@/lib/db/generated/client';
import { ApiError } from '@/lib/http/api-error';
import { reindexProgress, wakeIngestWorker } from '@/lib/knowledge/ingest';
import type { EmbeddingModelView } from '@/lib/schemas/models';
import { connectionEmbeddingModel } from './connection-model';
import { connectionSecret, getConnectionOrThrow, listConnections } from './connections';
import { parseModelChoice } from './default-model';
import { chosenEmbeddingModel, embeddingChosenByEnvironment, storeChosenEmbeddingModel } from './embedding-choice';
import { listUpstreamModels, upstreamProblem } from './test-connection';

/**
 * The embedding model an admin may choose (the built-in `local` and each enabled connection's
 * models, asked of its server now), the chosen one, the one search uses, and the re-index between.
 */
export async function embeddingModelView(): Promise<EmbeddingModelView> {
  const env = embeddingChosenByEnvironment();
  const model = env ? config().EMBEDDING_MODEL : (await chosenEmbeddingModel()).id;
  const choices = [{ id: 'local', name: 'local (built in, offline)' }];
  if (env) choices.push({ id: model, name: `${model} (EMBEDDING_MODEL)` });
  const unavailable: { connectionId: string; detail: string }[] = [];
  const enabled = (await listConnections()).filter((c) => c.enabled);
  const listed = await Promise.all(
    enabled.map((c) =>
      listUpstreamModels(c).then(
        (models) => models.map((m) => ({ id: `${c.id}:${m.id}`, name: `${c.name} / ${m.id}` })),
        (error: unknown) => {
          unavailable.push({ connectionId: c.id, detail: error instanceof Error ? error.message : 'failed' });
          return [];
        },
      ),
    ),
  );
  const { state, done, total, error, active } = await reindexProgress();
  return {
    model,
    active,
    readOnly: env,
    choices: [...choices, ...listed.flat()],
    unavailable,
    reindex: { state, done, total, error },
  };
}

/**
 * 409 while the environment chooses; 422 for a model no enabled connection offers or one that
 * does not embed a short text now. The re-index starts at once; search moves when it is complete.
 */
export async function setEmbeddingModel(id: string): Promise<void> {
  if (embeddingChosenByEnvironment()) {
    throw new ApiError(
      'conflict',
      `EMBEDDING_MODEL is set in the environment (${config().EMBEDDING_MODEL}), which chooses the embedding model: unset it to choose here.`,
    );
  }
  if (id !== 'local') {
    const choice = parseModelChoice(id);
    if (!choice)
      throw new ApiError(
        'unprocessable',
        'Choose `local` or an id from GET /api/models/embedding (`<connectionId>:<model>`).',
      );
    const c = await getConnectionOrThrow(choice.connectionId).catch(() => {
      throw new ApiError('unprocessable', 'No model connection has that id.');
    });
    if (!c.enabled) throw new ApiError('unprocessable', 'That connection is disabled: enable it first.');
    const models = await listUpstreamModels(c).catch((error: unknown) => {
      throw unprocessable(error);
    });
    if (!models.some((m) => m.id === choice.model)) {
      throw new ApiError('unprocessable', `${c.name} does not list the model ${JSON.stringify(choice.model)}.`);
    }
    await embedsOneText(c, choice.model);
  }
  await storeChosenEmbeddingModel(id);
  wakeIngestWorker();
}

/** Every chunk will be embedded with it: a model that cannot embed (a chat-only one, a wrong key) is refused now. */
async function embedsOneText(c: ModelConnection, model: string): Promise<void> {
  const apiKey = await connectionSecret(c);
  try {
    const { embedding } = await embed({
      model: connectionEmbeddingModel(c, apiKey, model),
      value: 'Groundwork checks that this model embeds text.',
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(config().MODEL_TEST_TIMEOUT_MS),
    });
    if (embedding.length === 0) throw new Error('an empty vector');
  } catch (error) {
    throw unprocessable(upstreamProblem(c, 'POST /embeddings', error));
  }
}

/** The server's failure (502/504, in words that never hold the key) as the reason the choice is refused. */
function unprocessable(error: unknown): unknown {
  if (!(error instanceof ApiError) || (error.code !== 'bad_gateway' && error.code !== 'gateway_timeout')) return error;
  return new ApiError('unprocessable', error.message, { extensions: error.extensions });
}
