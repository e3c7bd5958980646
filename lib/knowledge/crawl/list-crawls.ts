import 'server-only';
import { reachSql, type Reach } from '@/lib/access';
import { Prisma, prisma } from '@/lib/db/index';
import { notFound } from '@/lib/http/api-error';
import { decodeCursor, keysetPage } from '@/lib/schemas/common';
import type { CrawlJson } from '@/lib/schemas/crawls';
import type { RefreshJson } from '@/lib/schemas/refreshes';
import { refreshesSql, toRefreshJson } from '../refresh/list-refreshes';
import type { CrawlRequestColumns } from './claim-crawl';

interface CrawlRow extends CrawlRequestColumns {
  title: string | null;
  state: CrawlJson['state'];
  error: string | null;
  created_at: Date;
  updated_at: Date;
  found: number;
  queued: number;
  fetched: number;
  skipped: number;
  url_failed: number;
  pages: number;
  ingested: number;
  page_failed: number;
  refresh: CrawlJson['refresh'];
  checked_at: Date | null;
  changed_at: Date | null;
  next_refresh_at: Date | null;
}

/**
 * Crawls with their progress, counted from their URLs and pages as they are now (no counter
 * kept beside them can drift when a worker dies between two writes).
 */
function crawlsSql(where: Prisma.Sql, limit: number): Prisma.Sql {
  return Prisma.sql`
    SELECT c.id::text AS id, c.url, c.scope, c.max_pages, c.max_depth, c.include, c.exclude, c.title, c.metadata,
      c.state, c.error, c.collection_id::text AS collection_id, c.created_at, c.updated_at,
      c.refresh, c.checked_at, c.changed_at, c.next_refresh_at,
      u.found, u.queued, u.fetched, u.skipped, u.failed AS url_failed, p.pages, p.ingested, p.failed AS page_failed
    FROM crawls c
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS found, count(*) FILTER (WHERE state = 'queued')::int AS queued,
        count(*) FILTER (WHERE state = 'fetched')::int AS fetched, count(*) FILTER (WHERE state = 'skipped')::int AS skipped,
        count(*) FILTER (WHERE state = 'failed')::int AS failed
      FROM crawl_urls WHERE crawl_id = c.id) u
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS pages, count(*) FILTER (WHERE status = 'ready')::int AS ingested,
        count(*) FILTER (WHERE status = 'failed')::int AS failed
      FROM sources WHERE crawl_id = c.id) p
    WHERE ${where}
    ORDER BY c.created_at DESC, c.id DESC
    LIMIT ${limit}`;
}

const toJson = (r: CrawlRow, lastRefresh: RefreshJson | null): CrawlJson => ({
  id: r.id,
  url: r.url,
  scope: r.scope,
  maxPages: r.max_pages,
  maxDepth: r.max_depth,
  include: r.include,
  exclude: r.exclude,
  title: r.title,
  metadata: r.metadata ?? {},
  state: r.state,
  error: r.error,
  collectionId: r.collection_id,
  found: r.found,
  queued: r.queued,
  fetched: r.fetched,
  skipped: r.skipped,
  failed: r.url_failed + r.page_failed,
  pages: r.pages,
  ingested: r.ingested,
  refresh: r.refresh,
  checkedAt: r.checked_at?.toISOString() ?? null,
  changedAt: r.changed_at?.toISOString() ?? null,
  nextRefreshAt: r.next_refresh_at?.toISOString() ?? null,
  lastRefresh,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** A crawl the caller reads (within `reach`): 404 otherwise, exactly as for an unknown id. */
export async function getCrawlOrThrow(id: string, reach: Reach = { all: true }): Promise<CrawlJson> {
  const db = await prisma();
  const [row] = await db.$queryRaw<CrawlRow[]>(
    crawlsSql(Prisma.sql`c.id = ${id}::uuid AND ${reachSql(reach, Prisma.sql`c.collection_id`)}`, 1),
  );
  if (!row) throw notFound('crawl');
  return toJson(row, (await lastRefreshes([row.id])).get(row.id) ?? null);
}

/** Crawls of the collections the caller reads, newest first, keyset-paginated on (created_at, id). */
export async function listCrawls(opts: {
  limit: number;
  cursor?: string;
  collectionId?: string;
  reach: Reach;
}): Promise<{ data: CrawlJson[]; nextCursor: string | null }> {
  const after = decodeCursor(opts.cursor);
  const conditions = [reachSql(opts.reach, Prisma.sql`c.collection_id`)];
  if (opts.collectionId) conditions.push(Prisma.sql`c.collection_id = ${opts.collectionId}::uuid`);
  if (after) conditions.push(Prisma.sql`(c.created_at, c.id) < (${after.at}::timestamptz, ${after.id}::uuid)`);
  const db = await prisma();
  const rows = await db.$queryRaw<CrawlRow[]>(crawlsSql(Prisma.join(conditions, ' AND '), opts.limit + 1));
  const { page, nextCursor } = keysetPage(rows, opts.limit, (r) => ({ at: r.created_at, id: r.id }));
  const last = await lastRefreshes(page.map((r) => r.id));
  return { data: page.map((r) => toJson(r, last.get(r.id) ?? null)), nextCursor };
}

/** The newest refresh of each of these crawls. */
async function lastRefreshes(crawlIds: string[]): Promise<Map<string, RefreshJson>> {
  if (crawlIds.length === 0) return new Map();
  const db = await prisma();
  const rows = await db.$queryRaw<Parameters<typeof toRefreshJson>[0][]>(
    refreshesSql(
      Prisma.sql`r.id IN (SELECT DISTINCT ON (crawl_id) id FROM refreshes WHERE crawl_id = ANY(${crawlIds}::uuid[])
        ORDER BY crawl_id, started_at DESC, id DESC)`,
      crawlIds.length,
    ),
  );
  return new Map(rows.map((r) => [r.crawl_id!, toRefreshJson(r)]));
}
