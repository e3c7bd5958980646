import 'server-only';
import { prisma } from '@/lib/db/index';
import { closeCrawlRefresh } from '../refresh/start-crawl-refresh';

/** A crawl's row as asked for (POST /api/knowledge/sources {crawl}), as the crawl queries read it. */
export interface CrawlRequestColumns {
  id: string;
  collection_id: string;
  url: string;
  scope: 'prefix' | 'host';
  max_pages: number;
  max_depth: number;
  include: string[];
  exclude: string[];
  metadata: Record<string, unknown>;
}

export interface ClaimedCrawl {
  id: string;
  collectionId: string;
  url: string;
  scope: 'prefix' | 'host';
  maxPages: number;
  maxDepth: number;
  include: string[];
  exclude: string[];
  metadata: Record<string, unknown>;
  /** The refresh this run is (null: the first crawl): pages it has are fetched conditionally. */
  refreshId: string | null;
  /** A refresh's first step reads the sitemaps again. */
  reseed: boolean;
}

/**
 * Takes the oldest crawl with work left whose lease is free (never held, released after a step,
 * or lapsed because its worker died) under a lease. SKIP LOCKED keeps two workers from ever
 * claiming one crawl, across processes on one PostgreSQL.
 */
export async function claimCrawl(owner: string, leaseSeconds: number): Promise<ClaimedCrawl | undefined> {
  const db = await prisma();
  const rows = await db.$queryRaw<(CrawlRequestColumns & { refresh_id: string | null; reseed: boolean })[]>`
    UPDATE crawls c SET state = 'running', lease_owner = ${owner},
      lease_expires_at = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
    FROM (
      SELECT id FROM crawls
      WHERE state IN ('pending', 'running') AND (lease_expires_at IS NULL OR lease_expires_at < now())
        AND (not_before IS NULL OR not_before <= now())
      ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED
    ) pick
    WHERE c.id = pick.id
    RETURNING c.id::text AS id, c.collection_id::text AS collection_id, c.url, c.scope, c.max_pages, c.max_depth,
      c.include, c.exclude, c.metadata, c.refresh_id::text AS refresh_id, c.reseed`;
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: r.id,
    collectionId: r.collection_id,
    url: r.url,
    scope: r.scope,
    maxPages: r.max_pages,
    maxDepth: r.max_depth,
    include: r.include,
    exclude: r.exclude,
    metadata: r.metadata ?? {},
    refreshId: r.refresh_id,
    reseed: r.reseed,
  };
}

/** Extends this worker's lease; false when it no longer holds the crawl (deleted, or taken over). */
export async function renewCrawlLease(id: string, owner: string, leaseSeconds: number): Promise<boolean> {
  const db = await prisma();
  const n = await db.$executeRaw`
    UPDATE crawls SET lease_expires_at = now() + make_interval(secs => ${leaseSeconds})
    WHERE id = ${id}::uuid AND lease_owner = ${owner} AND state = 'running'`;
  return n > 0;
}

/**
 * Ends a step: the crawl is free for the next (any worker's), or finished as `state` says, and then
 * its refresh closed and its next one scheduled.
 */
export async function releaseCrawl(
  crawl: Pick<ClaimedCrawl, 'id' | 'refreshId'>,
  owner: string,
  end?: { state: 'done' | 'failed'; error?: string },
): Promise<void> {
  const { id } = crawl;
  const db = await prisma();
  const held = await db.$executeRaw`
    UPDATE crawls SET lease_owner = NULL, lease_expires_at = NULL, updated_at = now(),
      state = ${end?.state ?? 'running'}, error = ${end?.error ?? null}
    WHERE id = ${id}::uuid AND lease_owner = ${owner}`;
  if (held > 0 && end) await closeCrawlRefresh({ crawlId: id, refreshId: crawl.refreshId, ...end });
}

/**
 * Ends a step early while the crawl's host may not be asked again yet: the crawl is free, but no
 * worker takes it before `until` (its politeness delay spans workers and processes).
 */
export async function pauseCrawl(id: string, owner: string, until: Date): Promise<void> {
  const db = await prisma();
  await db.$executeRaw`
    UPDATE crawls SET lease_owner = NULL, lease_expires_at = NULL, not_before = ${until}, updated_at = now()
    WHERE id = ${id}::uuid AND lease_owner = ${owner}`;
}
