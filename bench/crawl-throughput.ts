// Crawls a local website of PAGES pages (tests/support/crawl-site.ts) with the politeness delay off,
// in-process on a fresh database (bench/crawl.ts runs it): crawling (fetching, reading links, storing
// pages) and ingesting are timed apart. Prints its figures as JSON on its last line.
// Set before the modules below read the configuration.
process.env.URL_ALLOWLIST = '127.0.0.1';
process.env.CRAWL_DELAY_MS = '0';

const { closeDatabase } = await import('@/lib/db');
const { createCrawl, drainCrawls, getCrawlOrThrow } = await import('@/lib/knowledge/crawl');
const { drainIngestQueue } = await import('@/lib/knowledge/ingest');
const { defaultCollectionId } = await import('@/lib/collections/default-collection');
const { startCrawlSite } = await import('../tests/support/crawl-site');

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
await site.close();
await closeDatabase();
console.log(
  JSON.stringify({
    crawlPages: done.pages,
    crawlPagesPerSecond: done.pages / crawlSeconds,
    crawlIngestSeconds: ingestSeconds,
    crawlIngested: done.ingested,
  }),
);

export {};
