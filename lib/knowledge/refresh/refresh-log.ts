import 'server-only';
import { prisma } from '@/lib/db/index';

export type PageOutcome = 'unchanged' | 'added' | 'changed' | 'removed' | 'failed' | 'gone';

/** Records what a refresh did to a page, once per URL: a page handled again (after a crash) overwrites its row. */
export async function notePage(opts: {
  refreshId: string;
  url: string;
  outcome: PageOutcome;
  sourceId?: string | null;
  error?: string | null;
}): Promise<void> {
  const db = await prisma();
  await db.$executeRaw`
    INSERT INTO refresh_pages (refresh_id, url, outcome, source_id, error)
    SELECT ${opts.refreshId}::uuid, ${opts.url}, ${opts.outcome}, ${opts.sourceId ?? null}::uuid, ${opts.error ?? null}
    WHERE EXISTS (SELECT 1 FROM refreshes WHERE id = ${opts.refreshId}::uuid)
    ON CONFLICT (refresh_id, url) DO UPDATE SET outcome = EXCLUDED.outcome, source_id = EXCLUDED.source_id, error = EXCLUDED.error`;
}

/** Counts one request a refresh is about to make. */
export async function countRequest(refreshId: string): Promise<void> {
  const db = await prisma();
  await db.$executeRaw`UPDATE refreshes SET requests = requests + 1 WHERE id = ${refreshId}::uuid`;
}
