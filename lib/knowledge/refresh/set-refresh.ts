import 'server-only';
import { prisma } from '@/lib/db/index';
import { ApiError, notFound } from '@/lib/http/api-error';
import type { RefreshSetting } from '@/lib/schemas/refreshes';
import { wakeIngestWorker } from '../ingest/wake-ingest-worker';
import { startCrawlRefresh } from './start-crawl-refresh';
import { nextRefreshOf } from './refresh-interval';

/** A source that can have a refresh of its own (a web page not found by a crawl): 422 otherwise, 404 when none. */
async function refreshableSource(id: string, alone: boolean): Promise<void> {
  const db = await prisma();
  const source = await db.source.findUnique({ where: { id }, select: { kind: true, crawlId: true } });
  if (!source) throw notFound('source');
  if (source.kind !== 'url') throw new ApiError('unprocessable', 'Only web pages and crawls can be refreshed.');
  if (source.crawlId && !alone)
    throw new ApiError('unprocessable', 'A crawl’s pages are refreshed with their crawl: set the crawl’s refresh.');
}

/**
 * Sets a standalone web page's schedule: the next refresh is now + its interval, or none. A refresh
 * asked for by hand and not run yet still runs (its end schedules the next by the new setting).
 */
export async function setSourceRefresh(id: string, refresh: RefreshSetting): Promise<void> {
  await refreshableSource(id, false);
  const db = await prisma();
  await db.$executeRaw`
    UPDATE sources SET refresh = ${refresh},
      next_refresh_at = CASE WHEN refresh_id IS NOT NULL THEN next_refresh_at ELSE ${nextRefreshOf(refresh)}::timestamptz END
    WHERE id = ${id}::uuid`;
}

/** Sets a crawl's schedule; a crawl under way is scheduled when it ends. */
export async function setCrawlRefresh(id: string, refresh: RefreshSetting): Promise<void> {
  const db = await prisma();
  const n = await db.$executeRaw`
    UPDATE crawls SET refresh = ${refresh}, updated_at = now(),
      next_refresh_at = CASE WHEN state IN ('pending', 'running') THEN NULL ELSE ${nextRefreshOf(refresh)}::timestamptz END
    WHERE id = ${id}::uuid`;
  if (n === 0) throw notFound('crawl');
}

/**
 * Refreshes a web page now (a crawl's page too, alone): its refresh is logged as asked for by hand
 * and due at once. One already asked for, or under way, is not asked for twice.
 */
export async function requestSourceRefresh(id: string): Promise<void> {
  await refreshableSource(id, true);
  const db = await prisma();
  await db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ refresh_id: string | null }[]>`
      SELECT refresh_id::text AS refresh_id FROM sources WHERE id = ${id}::uuid FOR UPDATE`;
    if (!row) throw notFound('source');
    if (!row.refresh_id) {
      await tx.$executeRaw`
        WITH made AS (INSERT INTO refreshes (source_id, trigger) VALUES (${id}::uuid, 'manual') RETURNING id)
        UPDATE sources SET refresh_id = (SELECT id FROM made), next_refresh_at = now() WHERE id = ${id}::uuid`;
    } else await tx.$executeRaw`UPDATE sources SET next_refresh_at = now() WHERE id = ${id}::uuid`;
  });
  wakeIngestWorker();
}

/** Refreshes a crawl now: 409 while it is under way. */
export async function requestCrawlRefresh(id: string): Promise<void> {
  if (!(await startCrawlRefresh({ crawlId: id, trigger: 'manual' })))
    throw new ApiError('conflict', 'The crawl is under way; refresh it once it is done.');
}
