import 'server-only';
import { EmbeddingError } from '@/lib/ai/embedding/embedding-registry';
import { prisma } from '@/lib/db/index';

/**
 * The re-index's last failure, kept in settings so the admin page shows it whichever instance's
 * worker met it: `{model, error}`, the error in embeddingError's words (no key, no stack).
 */
const SETTING = 'knowledge.reindex_error';
/** What this process last wrote, so a failure repeated every second is written once. */
let noted: string | null | undefined;

export async function noteReindexFailure(model: string, error: unknown): Promise<void> {
  const message =
    error instanceof EmbeddingError ? error.message : 'The re-index failed unexpectedly; see the server log.';
  const value = JSON.stringify({ model, error: message });
  if (noted === value) return;
  const db = await prisma();
  await db.setting.upsert({ where: { key: SETTING }, create: { key: SETTING, value }, update: { value } });
  noted = value;
}

export async function clearReindexFailure(): Promise<void> {
  if (noted === null) return;
  const db = await prisma();
  await db.setting.deleteMany({ where: { key: SETTING } });
  noted = null;
}

/** The last failure of the re-index to `model`, if the last attempt failed. */
export async function reindexFailure(model: string): Promise<string | null> {
  const db = await prisma();
  const row = await db.setting.findUnique({ where: { key: SETTING } });
  try {
    const note = row ? (JSON.parse(row.value) as { model?: unknown; error?: unknown }) : undefined;
    return note?.model === model && typeof note.error === 'string' ? note.error : null;
  } catch {
    return null;
  }
}
