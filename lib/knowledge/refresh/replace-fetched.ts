import 'server-only';
import { prisma } from '@/lib/db/index';
import type { FetchedPage } from '../fetch/fetch-url';
import { wakeIngestWorker } from '../ingest/wake-ingest-worker';
import { lockContentHashes } from '../sources/create-sources';
import { contentHashOf } from '../sources/new-source';
import { refuseDuplicate } from '../sources/replace-source';
import { toBase64 } from '../sources/source-contents';
import type { KnownPage } from './page-validators';

/**
 * Replaces a page's content with bytes a refresh fetched, by the atomic swap every replacement
 * uses: the new generation is queued with the bytes (marked `fetched`, so the worker reads them and
 * does not fetch the page again) while the live one stays searchable until it is ready. A crawl's
 * page is identified by its content, so content another source of its collection holds is refused
 * (409 ApiError) as for any replacement; a standalone page is identified by its address.
 */
export async function replaceFetched(opts: {
  page: KnownPage;
  fetched: FetchedPage;
  bytes: Uint8Array;
  mediaType: string;
  hash: string;
}): Promise<void> {
  const { page, fetched, bytes, mediaType } = opts;
  const contentHash = page.crawlId
    ? contentHashOf({ kind: 'url', title: '', mediaType, data: bytes, metadata: {} })
    : null;
  const base64 = toBase64(bytes); // before the transaction, which holds PGlite's one connection
  const db = await prisma();
  await db.$transaction(async (tx) => {
    if (contentHash) {
      await lockContentHashes(tx, [contentHash]);
      await refuseDuplicate(tx, { id: page.id, hash: contentHash, collectionId: page.collectionId });
    }
    const [row] = await tx.$queryRaw<{ generation: number }[]>`
      SELECT greatest(s.generation, coalesce(c.generation, 0)) + 1 AS generation
      FROM sources s LEFT JOIN source_contents c ON c.source_id = s.id WHERE s.id = ${page.id}::uuid FOR UPDATE OF s`;
    if (!row) return; // deleted meanwhile
    await tx.$executeRaw`
      INSERT INTO source_contents (source_id, generation, data, url, fetched)
      VALUES (${page.id}::uuid, ${row.generation}, decode(${base64}, 'base64'), ${fetched.url}, true)
      ON CONFLICT (source_id) DO UPDATE SET generation = EXCLUDED.generation, data = EXCLUDED.data,
        url = EXCLUDED.url, fetched = true, rechunk = false`;
    await tx.$executeRaw`
      UPDATE sources SET status = 'pending', progress = 0, error = NULL, attempts = 0, lease_owner = NULL,
        lease_expires_at = NULL, updated_at = now(), media_type = ${mediaType}, size = ${bytes.byteLength},
        content_hash = coalesce(${contentHash}, content_hash), etag = ${fetched.etag},
        last_modified = ${fetched.lastModified}, page_hash = ${opts.hash}, checked_at = now(), changed_at = now(), gone_count = 0
      WHERE id = ${page.id}::uuid`;
  });
  wakeIngestWorker();
}
