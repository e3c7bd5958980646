import 'server-only';
import { config } from '@/lib/config';
import { errorFields, log } from '@/lib/log';
import { maintainIndex } from '../index/maintain-index';
import { rechunkWhenDue } from './rechunk-sources';
import { reindexWhenDue } from './reindex-embeddings';
import { runCrawlStep } from '../crawl/run-crawl';
import { runRefreshStep } from '../refresh/run-refresh-step';
import { runIngestOnce, workerId } from './run-ingest';
import { onIngestWork } from './wake-ingest-worker';

export { drainIngestQueue, runIngestOnce } from './run-ingest';

const IDLE_POLL_MS = 1000;

/**
 * The ingest loop the app runs in-process (and `npm run worker` runs on its
 * own): claim and ingest while there is work, otherwise take a step of a crawl (whose pages are
 * then ingested before its next step), otherwise run a due refresh, otherwise re-embed chunks for a
 * changed embedding model (EMBEDDING_MODEL or an admin's choice), otherwise queue
 * sources chunked otherwise than configured (rechunkStep), otherwise tidy the index (VACUUM on PGlite) and sleep until woken by a new upload or the
 * next poll (other processes may queue work too). INGEST_CONCURRENCY loops run
 * side by side; leases keep them apart.
 */
export function startIngestWorker(): { stop(): Promise<void> } {
  let stopped = false;
  let wake: () => void = () => {};
  const unsubscribe = onIngestWork(() => wake());
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => (clearTimeout(timer), resolve());
    });
  const loop = async () => {
    // Each loop holds its crawl's lease under its own name.
    const owner = workerId();
    while (!stopped) {
      try {
        if ((await runIngestOnce()) > 0) continue;
        if (!stopped && (await runCrawlStep(owner)) > 0) continue;
        // A due refresh: a crawl's is started (its next steps are crawl steps), a page's is run.
        if (!stopped && (await runRefreshStep(owner)) > 0) continue;
        // Statistics first: a re-index or re-chunk can take minutes, and queries wait for ANALYZE.
        if (!stopped) await maintainIndex();
        if (!stopped && (await reindexWhenDue()) > 0) continue;
        if (!stopped && (await rechunkWhenDue()) > 0) continue;
      } catch (error) {
        log.error('ingest worker round failed', errorFields(error));
      }
      if (!stopped) await sleep(IDLE_POLL_MS);
    }
  };
  const loops = Array.from({ length: config().INGEST_CONCURRENCY }, () => loop());
  return {
    async stop() {
      stopped = true;
      unsubscribe();
      wake();
      await Promise.all(loops);
    },
  };
}
