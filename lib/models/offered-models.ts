import 'server-only';
import { ApiError } from '@/lib/http/api-error';
import { getConnectionOrThrow } from './connections';
import { parseModelChoice } from './default-model';
import { listUpstreamModels } from './test-connection';

/**
 * 422 unless each id is `local` or `<connectionId>:<model>` of an enabled connection whose server
 * lists that model now. Each connection's server is asked once, however many of its models are named.
 */
export async function requireOfferedModels(ids: readonly string[]): Promise<void> {
  const byConnection = new Map<string, string[]>();
  for (const id of ids) {
    if (id === 'local') continue;
    const choice = parseModelChoice(id);
    if (!choice)
      throw new ApiError(
        'unprocessable',
        `${JSON.stringify(id)}: choose \`local\` or an id from GET /api/models (\`<connectionId>:<model>\`).`,
      );
    byConnection.set(choice.connectionId, [...(byConnection.get(choice.connectionId) ?? []), choice.model]);
  }
  for (const [connectionId, models] of byConnection) {
    const c = await getConnectionOrThrow(connectionId).catch(() => {
      throw new ApiError('unprocessable', 'No model connection has that id.');
    });
    if (!c.enabled) throw new ApiError('unprocessable', 'That connection is disabled: enable it first.');
    const listed = new Set((await listUpstreamModels(c)).map((m) => m.id));
    const missing = models.find((m) => !listed.has(m));
    if (missing !== undefined) {
      throw new ApiError('unprocessable', `${c.name} does not list the model ${JSON.stringify(missing)}.`);
    }
  }
}
