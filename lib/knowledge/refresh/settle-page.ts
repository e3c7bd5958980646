import 'server-only';
import { prisma } from '@/lib/db/index';
import { ApiError } from '@/lib/http/api-error';
import type { FetchedPage } from '../fetch/fetch-url';
import { asUtf8, ExtractionError } from '../formats';
import { markIndexDirty } from '../index/maintain-index';
import { mediaTypeOfFetched } from '../ingest/prepare-source';
import { pageHashOf, recordFetch, type KnownPage } from './page-validators';
import type { PageOutcome } from './refresh-log';
import { replaceFetched } from './replace-fetched';

export interface Settled {
  outcome: PageOutcome;
  error?: string;
}

/**
 * What a page's refetch found: a 304, or the same bytes as last time (a server that ignores
 * conditional requests), is unchanged: only its check is noted, no new generation, no
 * re-embedding. Other bytes replace its content (replaceFetched); content that cannot be read,
 * or that another source holds, leaves the page as it was ("failed").
 */
export async function settleFetched(page: KnownPage, fetched: FetchedPage): Promise<Settled> {
  if (fetched.status === 304) {
    await recordFetch(page.id, fetched);
    return { outcome: 'unchanged' };
  }
  const hash = pageHashOf(fetched.body);
  if (hash === page.pageHash) {
    await recordFetch(page.id, fetched, hash);
    return { outcome: 'unchanged' };
  }
  const bytes = asUtf8(fetched.body);
  try {
    const mediaType = mediaTypeOfFetched(bytes, fetched.contentType, fetched.url);
    await replaceFetched({ page, fetched, bytes, mediaType, hash });
    return { outcome: 'changed' };
  } catch (error) {
    if (error instanceof ExtractionError || (error instanceof ApiError && error.code === 'conflict')) {
      await noteChecked(page.id);
      return { outcome: 'failed', error: error.message };
    }
    throw error;
  }
}

/**
 * A page answering 404 or 410: "gone" the first time (kept, still searchable: a site being
 * redeployed answers so for a minute), removed when the refresh after says so too.
 */
export async function settleGone(page: KnownPage, error: string): Promise<Settled> {
  const db = await prisma();
  if (page.goneCount >= 1) {
    const n = await db.$executeRaw`DELETE FROM sources WHERE id = ${page.id}::uuid`;
    if (n > 0) markIndexDirty();
    return { outcome: 'removed', error };
  }
  await db.$executeRaw`
    UPDATE sources SET gone_count = gone_count + 1, checked_at = now() WHERE id = ${page.id}::uuid`;
  return { outcome: 'gone', error };
}

/** A fetch that failed otherwise (a server error, no answer): the page stays as it was; the attempt is noted. */
export async function noteChecked(sourceId: string): Promise<void> {
  const db = await prisma();
  await db.$executeRaw`UPDATE sources SET checked_at = now() WHERE id = ${sourceId}::uuid`;
}
