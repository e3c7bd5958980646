import 'server-only';
import { reachSql, type Reach } from '@/lib/access';
import { Prisma, prisma } from '@/lib/db/index';
import { notFound } from '@/lib/http/api-error';
import type { RefreshJson } from '@/lib/schemas/refreshes';

interface RefreshRow {
  id: string;
  source_id: string | null;
  crawl_id: string | null;
  trigger: RefreshJson['trigger'];
  state: RefreshJson['state'];
  error: string | null;
  started_at: Date;
  finished_at: Date | null;
  requests: number;
  unchanged: number;
  added: number;
  changed: number;
  removed: number;
  failed: number;
}

/** The newest refreshes matching `where` (on `r`), each counted from its page rows as they are now. */
export function refreshesSql(where: Prisma.Sql, limit: number): Prisma.Sql {
  return Prisma.sql`
    SELECT r.id::text AS id, r.source_id::text AS source_id, r.crawl_id::text AS crawl_id, r.trigger, r.state, r.error,
      r.started_at, r.finished_at, r.requests, p.unchanged, p.added, p.changed, p.removed, p.failed
    FROM refreshes r
    CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE outcome = 'unchanged')::int AS unchanged, count(*) FILTER (WHERE outcome = 'added')::int AS added,
        count(*) FILTER (WHERE outcome = 'changed')::int AS changed, count(*) FILTER (WHERE outcome = 'removed')::int AS removed,
        count(*) FILTER (WHERE outcome IN ('failed', 'gone'))::int AS failed
      FROM refresh_pages WHERE refresh_id = r.id) p
    WHERE ${where}
    ORDER BY r.started_at DESC, r.id DESC
    LIMIT ${limit}`;
}

export const toRefreshJson = (r: RefreshRow): RefreshJson => ({
  id: r.id,
  sourceId: r.source_id,
  crawlId: r.crawl_id,
  trigger: r.trigger,
  state: r.state,
  error: r.error,
  startedAt: r.started_at.toISOString(),
  finishedAt: r.finished_at?.toISOString() ?? null,
  counts: { requests: r.requests, unchanged: r.unchanged, added: r.added, changed: r.changed, removed: r.removed, failed: r.failed },
});

/** The log of a page's or a crawl's refreshes, newest first, at most 20 (the subject's access is checked by the route). */
export async function listRefreshes(of: { sourceId: string } | { crawlId: string }): Promise<RefreshJson[]> {
  const db = await prisma();
  const where =
    'sourceId' in of ? Prisma.sql`r.source_id = ${of.sourceId}::uuid` : Prisma.sql`r.crawl_id = ${of.crawlId}::uuid`;
  const rows = await db.$queryRaw<RefreshRow[]>(refreshesSql(where, 20));
  return rows.map(toRefreshJson);
}

/** One refresh with the pages it did something to (404 outside the caller's collections). */
export async function getRefreshOrThrow(id: string, reach: Reach): Promise<RefreshJson> {
  const db = await prisma();
  const within = reachSql(reach, Prisma.sql`coalesce(s.collection_id, c.collection_id)`);
  const [row] = await db.$queryRaw<RefreshRow[]>(
    refreshesSql(
      Prisma.sql`r.id = ${id}::uuid AND EXISTS (SELECT 1 FROM refreshes x LEFT JOIN sources s ON s.id = x.source_id
        LEFT JOIN crawls c ON c.id = x.crawl_id WHERE x.id = r.id AND ${within})`,
      1,
    ),
  );
  if (!row) throw notFound('refresh');
  const pages = await db.$queryRaw<NonNullable<RefreshJson['pages']>>`
    SELECT url, outcome, source_id::text AS "sourceId", error FROM refresh_pages
    WHERE refresh_id = ${id}::uuid AND outcome <> 'unchanged' ORDER BY seq LIMIT 1000`;
  return { ...toRefreshJson(row), pages };
}
