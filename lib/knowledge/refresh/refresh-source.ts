import 'server-only';
import { config } from '@/lib/config';
import { fetchUrl, FetchRefusedError, type FetchedPage } from '../fetch/fetch-url';
import type { ClaimedRefresh } from './claim-refresh';
import { conditionalHeaders } from './page-validators';
import { countRequest, notePage } from './refresh-log';
import { noteChecked, settleFetched, settleGone, type Settled } from './settle-page';

/**
 * Refreshes one web page: one conditional request (If-None-Match / If-Modified-Since from what it
 * was last fetched as), then unchanged, changed (replaced), gone or removed (404/410), or failed
 * (any other error: the page stays as it was). The outcome is noted in its refresh's log, except
 * "removed": the page's log goes with it.
 */
export async function refreshSource(claimed: ClaimedRefresh): Promise<Settled> {
  const c = config();
  await countRequest(claimed.refreshId);
  let fetched: FetchedPage;
  let settled: Settled;
  try {
    fetched = await fetchUrl(claimed.uri, {
      maxBytes: c.URL_MAX_BYTES,
      timeoutMs: c.URL_TIMEOUT_MS,
      allowlist: c.URL_ALLOWLIST,
      headers: conditionalHeaders(claimed),
    });
    settled = await settleFetched(claimed, fetched);
  } catch (error) {
    if (!(error instanceof FetchRefusedError)) throw error;
    if (error.status === 404 || error.status === 410) settled = await settleGone(claimed, error.message);
    else {
      await noteChecked(claimed.id);
      settled = { outcome: 'failed', error: error.message };
    }
  }
  if (settled.outcome !== 'removed') {
    await notePage({
      refreshId: claimed.refreshId,
      url: claimed.uri,
      outcome: settled.outcome,
      sourceId: claimed.id,
      error: settled.error ?? null,
    });
  }
  return settled;
}
