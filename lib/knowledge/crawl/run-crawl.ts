import 'server-only';
import { config } from '@/lib/config';
import { isDatabaseUnavailable } from '@/lib/db/database-unavailable';
import { errorFields, log } from '@/lib/log';
import { FetchRefusedError } from '../fetch/fetch-url';
import { claimCrawl, releaseCrawl, renewCrawlLease, type ClaimedCrawl } from './claim-crawl';
import { crawlPage, mayVisit } from './crawl-page';
import { enqueueUrls, isSeeded, nextQueued, settleUrl } from './crawl-queue';
import { canonicalUrl } from './crawl-scope';
import { openSite, type PoliteSite } from './polite-site';
import { readSitemaps } from './read-sitemaps';
import { prisma } from '@/lib/db/index';

/**
 * Pages fetched per step: then the crawl is released, the worker ingests what was found, and any
 * worker takes the crawl up again. Small, so ingestion keeps pace and a crawl never starves others.
 */
const PAGES_PER_STEP = 10;
/** ...or fewer, once a step has taken this long: uploads queued meanwhile wait for the step to end. */
const STEP_MS = 5_000;

/**
 * One step of the oldest crawl with work left: seeds it on its first step (sitemaps, then the start
 * URL), then fetches up to PAGES_PER_STEP queued URLs, one at a time. A heartbeat renews its lease
 * (a robots.txt Crawl-delay may be long); a worker that dies leaves a lease that lapses, and the
 * next step, in any worker, goes on from the URLs still queued: pages fetched are not fetched again.
 * Returns the URLs handled (0: no crawl had work).
 */
export async function runCrawlStep(owner: string): Promise<number> {
  const c = config();
  const crawl = await claimCrawl(owner, c.INGEST_LEASE_SECONDS);
  if (!crawl) return 0;
  let held = true;
  const heartbeat = setInterval(
    () => {
      renewCrawlLease(crawl.id, owner, c.INGEST_LEASE_SECONDS)
        .then((still) => (held &&= still))
        .catch(() => {});
    },
    (c.INGEST_LEASE_SECONDS * 1000) / 5,
  );
  heartbeat.unref();
  let handled = 0;
  const started = Date.now();
  try {
    const site = await openSite(crawl.url);
    if (crawl.reseed || !(await isSeeded(crawl.id, crawl.url))) await seed(crawl, site);
    while (held && handled < PAGES_PER_STEP && Date.now() - started < STEP_MS) {
      // Deleted, or taken over after a stall: another worker (or nobody) goes on.
      if (!(await renewCrawlLease(crawl.id, owner, c.INGEST_LEASE_SECONDS))) return Math.max(handled, 1);
      const next = await nextQueued(crawl.id);
      if (!next) {
        await finish(crawl, owner);
        return Math.max(handled, 1);
      }
      await crawlPage(crawl, site, next).catch(async (error: unknown) => {
        // One page's unexpected failure (a parser bug, a write refused) is that page's, not the crawl's.
        if (isDatabaseUnavailable(error)) throw error;
        log.error('crawl: a page failed', { crawlId: crawl.id, url: next.url, ...errorFields(error) });
        await settleUrl({
          crawlId: crawl.id,
          url: next.url,
          state: 'failed',
          error: 'Failed unexpectedly; see the server log.',
        });
      });
      handled++;
    }
    await releaseCrawl(crawl, owner);
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error; // the lease lapses; the crawl goes on once the database is back
    const reason =
      error instanceof FetchRefusedError ? error.message : 'The crawl failed unexpectedly; see the server log.';
    if (!(error instanceof FetchRefusedError))
      log.error('crawl step failed', { crawlId: crawl.id, ...errorFields(error) });
    await releaseCrawl(crawl, owner, { state: 'failed', error: reason });
  } finally {
    clearInterval(heartbeat);
  }
  return Math.max(handled, 1);
}

/**
 * The first URLs: those the sitemaps list (one level down), then the start URL, whose row marks the
 * crawl seeded (a worker dying before it seeds again). The start URL is fetched first all the same.
 */
async function seed(crawl: ClaimedCrawl, site: PoliteSite): Promise<void> {
  const listed = await readSitemaps(site, crawl.url, crawl.maxPages * 2);
  const urls = [
    ...new Set(
      listed.map((u) => canonicalUrl(u)).filter((u): u is string => mayVisit(crawl, site, u) && u !== crawl.url),
    ),
  ];
  // One place is kept for the start URL.
  if (crawl.maxDepth > 0) await enqueueUrls({ crawlId: crawl.id, urls, depth: 1, maxPages: crawl.maxPages - 1 });
  await enqueueUrls({ crawlId: crawl.id, urls: [crawl.url], depth: 0, maxPages: crawl.maxPages });
  if (crawl.reseed) {
    const db = await prisma();
    await db.$executeRaw`UPDATE crawls SET reseed = false WHERE id = ${crawl.id}::uuid`;
  }
}

/** No URL left: done, or failed when not one page could be fetched (the start URL's error says why). */
async function finish(crawl: ClaimedCrawl, owner: string): Promise<void> {
  const db = await prisma();
  const [row] = await db.$queryRaw<{ fetched: number; error: string | null }[]>`
    SELECT count(*) FILTER (WHERE state = 'fetched')::int AS fetched,
      (array_agg(error ORDER BY depth, seq) FILTER (WHERE state <> 'fetched'))[1] AS error
    FROM crawl_urls WHERE crawl_id = ${crawl.id}::uuid`;
  if (row && row.fetched === 0) {
    await releaseCrawl(crawl, owner, { state: 'failed', error: row.error ?? 'No page could be fetched.' });
  } else await releaseCrawl(crawl, owner, { state: 'done' });
}

/** Runs crawl steps and ingests their pages until no crawl has work left (tests, scripts, the bench). */
export async function drainCrawls(opts: { owner: string; ingest: () => Promise<unknown> }): Promise<void> {
  for (;;) {
    const handled = await runCrawlStep(opts.owner);
    await opts.ingest();
    if (handled === 0) return;
  }
}
