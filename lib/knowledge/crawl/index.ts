// Crawling a website: a crawl found in steps by the ingest worker, each page a source of kind `url`.
// The entry of lib/knowledge/crawl: code outside lib/knowledge imports from here, not from its files.

export { createCrawl } from './create-crawl';
export { deleteCrawl } from './delete-crawl';
export { getCrawlOrThrow, listCrawls } from './list-crawls';
export { drainCrawls, runCrawlStep } from './run-crawl';
