// Crawls a local website of PAGES pages (tests/support/crawl-site.ts) with the politeness delay off,
// in-process on a fresh database (bench/crawl.ts runs it): crawling (fetching, reading links, storing
// pages) and ingesting are timed apart; then a refresh of the unchanged crawl (requests made, seconds,
// chunks embedded again: expected 0). Prints its figures as JSON on its last line.
// Set before the modules below read the configuration.
process.env.URL_ALLOWLIST = '127.0.0.1';
process.env.CRAWL_DELAY_MS = '0';

const { closeDatabase } = await import('@/lib/db');
const { createCrawl, drainCrawls, getCrawlOrThrow } = await import('@/lib/knowledge/crawl');
const { drainIngestQueue } = await import('@/lib/knowledge/ingest');
const { defaultCollectionId } = await import('@/lib/collections/default-collection');
const { startCrawlSite } = await import('../tests/support/crawl-site');
const { requestCrawlRefresh } = await import('@/lib/knowledge/refresh');
const { prisma } = await import('@/lib/db');

const PAGES = 500;
const site = await startCrawlSite('bench', { pages: PAGES });
const crawl = await createCrawl({
  request: {
    url: `${site.origin}/docs/n/0.html`,
    scope: 'prefix',
    maxDepth: 100,
    include: [],
    exclude: [],
    maxPages: PAGES,
  },
  collectionId: await defaultCollectionId(),
});
const started = performance.now();
await drainCrawls({ owner: 'bench', ingest: async () => {} });
const crawlSeconds = (performance.now() - started) / 1000;
const ingestStarted = performance.now();
await drainIngestQueue();
const ingestSeconds = (performance.now() - ingestStarted) / 1000;
const done = await getCrawlOrThrow(crawl.id);

// The same site, unchanged: every page is asked for conditionally and answers 304.
const db = await prisma();
const chunkIds = async () =>
  new Set(
    (
      await db.$queryRaw<{ id: string }[]>`
        SELECT c.id::text AS id FROM chunks c JOIN sources s ON s.id = c.source_id WHERE s.crawl_id = ${crawl.id}::uuid`
    ).map((r) => r.id),
  );
const before = await chunkIds();
site.requests.length = 0;
await requestCrawlRefresh(crawl.id);
const refreshStarted = performance.now();
await drainCrawls({ owner: 'bench', ingest: () => drainIngestQueue() });
const refreshSeconds = (performance.now() - refreshStarted) / 1000;
const refreshed = await getCrawlOrThrow(crawl.id);
const reembedded = [...(await chunkIds())].filter((id) => !before.has(id)).length;
await site.close();
await closeDatabase();
console.log(
  JSON.stringify({
    crawlPages: done.pages,
    crawlPagesPerSecond: done.pages / crawlSeconds,
    crawlIngestSeconds: ingestSeconds,
    crawlIngested: done.ingested,
    // Every HTTP request the site saw (robots.txt and sitemaps too), not only the pages' the log counts.
    refreshRequests: site.requests.length,
    refreshPageRequests: refreshed.lastRefresh?.counts.requests ?? 0,
    refreshUnchanged: refreshed.lastRefresh?.counts.unchanged ?? 0,
    refreshSeconds,
    refreshChunksReembedded: reembedded,
  }),
);

export {};
