// Crawl benchmark, called by bench/run.ts: pages a second a crawl of a local website finds, fetches
// and stores with the politeness delay off, and the seconds its pages then take to be ingested, in a
// process and database of their own (bench/crawl-throughput.ts); then a refresh of the unchanged crawl.
import { runInOwnProcess } from './fresh-database';

export async function runCrawlBench({ log }: { log: (line: string) => void }): Promise<Record<string, number>> {
  const figures = await runInOwnProcess('crawl-throughput.ts', 'bench_crawl');
  log(
    `crawl: ${figures.crawlPages} pages at ${figures.crawlPagesPerSecond?.toFixed(1)} pages/s (CRAWL_DELAY_MS=0); ` +
      `ingested in ${figures.crawlIngestSeconds?.toFixed(1)} s; refresh of the unchanged crawl: ` +
      `${figures.refreshRequests} requests (${figures.refreshUnchanged} pages unchanged) in ${figures.refreshSeconds?.toFixed(1)} s, ` +
      `${figures.refreshChunksReembedded} chunks embedded again`,
  );
  return figures;
}
