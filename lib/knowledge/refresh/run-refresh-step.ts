import 'server-only';
import { config } from '@/lib/config';
import { isDatabaseUnavailable } from '@/lib/db/database-unavailable';
import { errorFields, log } from '@/lib/log';
import { claimDueSource, releaseSourceRefresh } from './claim-refresh';
import { refreshSource } from './refresh-source';
import { startCrawlRefresh } from './start-crawl-refresh';

/**
 * One due refresh: a crawl's is started (its URLs queued again; runCrawlStep does the fetching), or
 * else one web page is refreshed under a refresh lease. A worker that dies mid-way leaves a lease
 * that lapses; the page is then claimed again with the same refresh. Returns 0 when nothing was due.
 */
export async function runRefreshStep(owner: string): Promise<number> {
  if (await startCrawlRefresh({ trigger: 'schedule' })) return 1;
  const claimed = await claimDueSource(owner, config().INGEST_LEASE_SECONDS);
  if (!claimed) return 0;
  try {
    const { outcome } = await refreshSource(claimed);
    if (outcome !== 'removed') await releaseSourceRefresh({ claimed, owner, state: 'done' });
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error; // the lease lapses; the refresh is taken up again
    log.error('refresh failed', { sourceId: claimed.id, ...errorFields(error) });
    await releaseSourceRefresh({
      claimed,
      owner,
      state: 'failed',
      error: 'The refresh failed unexpectedly; see the server log.',
    });
  }
  return 1;
}

/** Runs due refreshes until none is left (tests, scripts): crawls' refreshes are then run by drainCrawls. */
export async function drainRefreshes(owner: string): Promise<number> {
  let n = 0;
  while ((await runRefreshStep(owner)) > 0) n++;
  return n;
}
