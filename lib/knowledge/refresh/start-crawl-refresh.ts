import 'server-only';
import { Prisma, prisma } from '@/lib/db/index';
import { wakeIngestWorker } from '../ingest/wake-ingest-worker';
import { nextRefreshSql } from './refresh-interval';

/**
 * Starts a refresh of a crawl, in one transaction: its log entry, and the crawl `pending` again
 * with every URL it found queued again (each keeps its page) and its sitemaps to be read again
 * (reseed); runCrawlStep then revisits them, conditionally for pages it has. `crawlId`: that crawl
 * (by hand); without it, the crawl whose scheduled refresh is most overdue. Undefined when there
 * is none, or the crawl is under way (pending or running).
 */
export async function startCrawlRefresh(opts: {
  crawlId?: string;
  trigger: 'schedule' | 'manual';
}): Promise<string | undefined> {
  const db = await prisma();
  const which = opts.crawlId
    ? Prisma.sql`id = ${opts.crawlId}::uuid`
    : Prisma.sql`next_refresh_at <= now() ORDER BY next_refresh_at, id LIMIT 1`;
  const started = await db.$transaction(async (tx) => {
    const [crawl] = await tx.$queryRaw<{ id: string; state: string }[]>`
      SELECT id::text AS id, state FROM crawls WHERE state IN ('done', 'failed') AND ${which} FOR UPDATE SKIP LOCKED`;
    if (!crawl) return undefined;
    const [refresh] = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO refreshes (crawl_id, trigger) VALUES (${crawl.id}::uuid, ${opts.trigger}) RETURNING id::text AS id`;
    await tx.$executeRaw`
      UPDATE crawls SET refresh_id = ${refresh!.id}::uuid, state = 'pending', error = NULL, reseed = true,
        next_refresh_at = NULL, updated_at = now()
      WHERE id = ${crawl.id}::uuid`;
    await tx.$executeRaw`UPDATE crawl_urls SET state = 'queued', error = NULL WHERE crawl_id = ${crawl.id}::uuid`;
    return refresh!.id;
  });
  if (started) wakeIngestWorker();
  return started;
}

/**
 * Ends a crawl's run: its refresh (if it was one) is closed, the crawl's check noted, its content
 * noted as changed when the refresh added, changed or removed a page (a first crawl counts), and its
 * next refresh scheduled.
 */
export async function closeCrawlRefresh(opts: {
  crawlId: string;
  refreshId: string | null;
  state: 'done' | 'failed';
  error?: string;
}): Promise<void> {
  const db = await prisma();
  const { refreshId } = opts;
  await db.$transaction(async (tx) => {
    if (refreshId) {
      await tx.$executeRaw`
        UPDATE refreshes SET state = ${opts.state}, error = ${opts.error ?? null}, finished_at = now()
        WHERE id = ${refreshId}::uuid AND state = 'running'`;
    }
    const changed = refreshId
      ? Prisma.sql`EXISTS (SELECT 1 FROM refresh_pages WHERE refresh_id = ${refreshId}::uuid AND outcome IN ('added', 'changed', 'removed'))`
      : Prisma.sql`${opts.state === 'done'}`;
    await tx.$executeRaw`
      UPDATE crawls SET refresh_id = NULL, reseed = false, checked_at = now(),
        changed_at = CASE WHEN ${changed} THEN now() ELSE changed_at END,
        next_refresh_at = ${nextRefreshSql(Prisma.sql`refresh`)}
      WHERE id = ${opts.crawlId}::uuid`;
  });
}
