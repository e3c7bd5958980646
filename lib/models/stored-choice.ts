import 'server-only';
import { prisma } from '@/lib/db';
import type { ModelConnection } from '@/lib/db/generated/client';

/** Other instances (and ingestion workers) see a change within this long; this one at once. */
const CACHE_MS = 5_000;

/** `<connectionId>:<model>`: a connection's id is a UUID, so the first colon splits them. */
export function parseModelChoice(id: string): { connectionId: string; model: string } | undefined {
  const at = id.indexOf(':');
  if (at !== 36) return undefined;
  return { connectionId: id.slice(0, at), model: id.slice(at + 1) };
}

export interface StoredChoice {
  /** `local`, or `<connectionId>:<model>` (the API's form). */
  id: string;
  connection?: ModelConnection;
  model?: string;
}

const cache = globalThis as unknown as { __modelChoices?: Map<string, { at: number; value: Promise<StoredChoice> }> };

/**
 * A model an admin chose, kept in the setting `key` (the default chat model, the embedding
 * model): read at most every few seconds; a deleted or disabled connection is sent nothing,
 * and the built-in `local` stands in for it.
 */
export function storedChoice(key: string) {
  const choices = (cache.__modelChoices ??= new Map());
  const forget = () => void choices.delete(key);
  const read = async (): Promise<StoredChoice> => {
    const db = await prisma();
    const id = (await db.setting.findUnique({ where: { key } }))?.value ?? 'local';
    const choice = parseModelChoice(id);
    if (!choice) return { id: 'local' };
    const connection = await db.modelConnection.findUnique({ where: { id: choice.connectionId } });
    if (!connection?.enabled) return { id: 'local' };
    return { id, connection, model: choice.model };
  };
  return {
    get(): Promise<StoredChoice> {
      const cached = choices.get(key);
      if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
      const value = read();
      choices.set(key, { at: Date.now(), value });
      value.catch(forget);
      return value;
    },
    async store(id: string): Promise<void> {
      const db = await prisma();
      await db.setting.upsert({ where: { key }, create: { key, value: id }, update: { value: id } });
      forget();
    },
    forget,
  };
}
