import 'server-only';
import { prisma } from '@/lib/db/index';

/** A URL waiting to be fetched, breadth first. */
export interface QueuedUrl {
  url: string;
  depth: number;
}

/**
 * Adds URLs a crawl found (canonical, in scope) to its queue, each once, in the order given, while
 * its URLs queued or fetched stay under `maxPages`: a crawl never fetches more pages than that. (A
 * refresh queues again URLs skipped or failed last time, keeping their error until they are
 * settled anew: they do not count, as they did not before.)
 * Returns how many were new.
 */
export async function enqueueUrls(opts: {
  crawlId: string;
  urls: string[];
  depth: number;
  maxPages: number;
}): Promise<number> {
  if (opts.urls.length === 0) return 0;
  const db = await prisma();
  return db.$executeRaw`
    INSERT INTO crawl_urls (crawl_id, url, depth)
    SELECT ${opts.crawlId}::uuid, u.url, ${opts.depth} FROM unnest(${opts.urls}::text[]) WITH ORDINALITY AS u(url, n)
    WHERE NOT EXISTS (SELECT 1 FROM crawl_urls k WHERE k.crawl_id = ${opts.crawlId}::uuid AND k.url = u.url)
    ORDER BY u.n
    LIMIT greatest(0, ${opts.maxPages} - (
      SELECT count(*) FROM crawl_urls WHERE crawl_id = ${opts.crawlId}::uuid AND state IN ('queued', 'fetched') AND error IS NULL))
    ON CONFLICT DO NOTHING`;
}

/** The next URL to fetch: the shallowest, then the first found. */
export async function nextQueued(crawlId: string): Promise<QueuedUrl | undefined> {
  const db = await prisma();
  const rows = await db.$queryRaw<QueuedUrl[]>`
    SELECT url, depth FROM crawl_urls WHERE crawl_id = ${crawlId}::uuid AND state = 'queued'
    ORDER BY depth, seq LIMIT 1`;
  return rows[0];
}

/** Whether the crawl has been seeded (its first step wrote the start URL, after the sitemaps'). */
export async function isSeeded(crawlId: string, start: string): Promise<boolean> {
  const db = await prisma();
  const rows = await db.$queryRaw<unknown[]>`
    SELECT 1 FROM crawl_urls WHERE crawl_id = ${crawlId}::uuid AND url = ${start}`;
  return rows.length > 0;
}

/** Records what became of a URL: fetched (with its page), skipped or failed (with why). */
export async function settleUrl(opts: {
  crawlId: string;
  url: string;
  state: 'fetched' | 'skipped' | 'failed';
  error?: string;
  sourceId?: string;
}): Promise<void> {
  const db = await prisma();
  await db.$executeRaw`
    UPDATE crawl_urls SET state = ${opts.state}, error = ${opts.error ?? null}, source_id = ${opts.sourceId ?? null}::uuid
    WHERE crawl_id = ${opts.crawlId}::uuid AND url = ${opts.url}`;
}

/**
 * Claims `url` as the name of a page fetched under another (a redirect's target, a canonical
 * link): true when no other URL of the crawl has been fetched as it, so this one is stored under
 * it; false when it has, and this fetch is a duplicate. A row of it not fetched is taken over, and
 * so is one fetched with no page stored yet (its worker died before storing it).
 */
export async function claimPageUrl(opts: { crawlId: string; url: string; depth: number }): Promise<boolean> {
  const db = await prisma();
  const rows = await db.$queryRaw<unknown[]>`
    INSERT INTO crawl_urls (crawl_id, url, depth, state) VALUES (${opts.crawlId}::uuid, ${opts.url}, ${opts.depth}, 'fetched')
    ON CONFLICT (crawl_id, url) DO UPDATE SET state = 'fetched'
      WHERE crawl_urls.state <> 'fetched' OR crawl_urls.source_id IS NULL
    RETURNING 1`;
  return rows.length > 0;
}
