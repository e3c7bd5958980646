import 'server-only';
import { Prisma, prisma } from '@/lib/db/index';
import type { KnownPage } from './page-validators';
import { nextRefreshSql } from './refresh-interval';

export interface ClaimedRefresh extends KnownPage {
  refreshId: string;
}

/**
 * Takes the web page whose refresh is most overdue under a refresh lease (never held, released,
 * or lapsed because its worker died), with the refresh it belongs to: the one asked for by hand,
 * the one a dead worker left (taken up again), or a new scheduled one. SKIP LOCKED keeps two
 * workers from ever claiming one page. A page still being ingested waits until it is ready or failed.
 */
export async function claimDueSource(owner: string, leaseSeconds: number): Promise<ClaimedRefresh | undefined> {
  const db = await prisma();
  const rows = await db.$queryRaw<ClaimedRefresh[]>`
    WITH pick AS (
      SELECT id, refresh_id FROM sources
      WHERE next_refresh_at <= now() AND kind = 'url' AND uri IS NOT NULL AND status IN ('ready', 'failed')
        AND (refresh_lease_expires_at IS NULL OR refresh_lease_expires_at < now())
      ORDER BY next_refresh_at, id LIMIT 1 FOR UPDATE SKIP LOCKED
    ), made AS (
      INSERT INTO refreshes (source_id, trigger) SELECT id, 'schedule' FROM pick WHERE refresh_id IS NULL RETURNING id
    )
    UPDATE sources s SET refresh_lease_owner = ${owner},
      refresh_lease_expires_at = now() + make_interval(secs => ${leaseSeconds}),
      refresh_id = coalesce(pick.refresh_id, (SELECT id FROM made))
    FROM pick WHERE s.id = pick.id
    RETURNING s.id::text AS id, s.uri, s.collection_id::text AS "collectionId", s.crawl_id::text AS "crawlId", s.etag,
      s.last_modified AS "lastModified", s.page_hash AS "pageHash", s.gone_count AS "goneCount",
      s.refresh_id::text AS "refreshId"`;
  return rows[0];
}

/**
 * Ends a page's refresh: its log entry is closed and the page's next refresh is scheduled from now
 * (none for a one-off refresh of a page without a schedule). Only while this worker holds it.
 */
export async function releaseSourceRefresh(opts: {
  claimed: ClaimedRefresh;
  owner: string;
  state: 'done' | 'failed';
  error?: string;
}): Promise<void> {
  const db = await prisma();
  await db.$transaction(async (tx) => {
    const n = await tx.$executeRaw`
      UPDATE sources SET refresh_id = NULL, refresh_lease_owner = NULL, refresh_lease_expires_at = NULL,
        next_refresh_at = ${nextRefreshSql(Prisma.sql`refresh`)}
      WHERE id = ${opts.claimed.id}::uuid AND refresh_lease_owner = ${opts.owner}`;
    if (n === 0) return;
    await tx.$executeRaw`
      UPDATE refreshes SET state = ${opts.state}, error = ${opts.error ?? null}, finished_at = now()
      WHERE id = ${opts.claimed.refreshId}::uuid`;
  });
}
