import 'server-only';
import { isDeepStrictEqual } from 'node:util';
import { reachSql, type Reach } from '@/lib/access';
import { prisma, Prisma } from '@/lib/db/index';
import type { Prisma as P, Source } from '@/lib/db/generated/client';
import { ApiError, notFound } from '@/lib/http/api-error';
import { lockContentHashes } from './create-sources';
import { contentHashOf, type NewSource } from './new-source';
import { toBase64, writeContent } from './source-contents';
import { sourceTextEtag } from './source-text';
import { wakeIngestWorker } from '../ingest/wake-ingest-worker';

export interface ReplacedSource {
  source: Source;
  /** False when the request changed nothing: the same content, title and metadata are already there. */
  queued: boolean;
}

/**
 * Replaces a source's content in place. The live generation (and its chunks)
 * stays searchable; the new content is queued as the next generation, which
 * the worker swaps in atomically when it is fully indexed. Clearing the lease
 * stops a worker that was still busy with older content.
 *
 * A replacement that changes nothing is not ingested again (a nightly sync that PUTs every
 * file re-embeds only what changed), except a web page, whose address is fetched again. Content
 * that another source already holds is refused: it would be stored twice.
 *
 * `ifMatch` (the request's If-Match tags) makes the replacement conditional on the text the
 * caller read (GET …/text's ETag): 412 if another replacement went live since, or is queued.
 */
export async function replaceSource(
  id: string,
  item: NewSource & { keepTitle: boolean; keepMetadata: boolean; ifMatch?: string[] | null },
): Promise<ReplacedSource> {
  const db = await prisma();
  const base64 = toBase64(item.data); // before the transaction, which holds PGlite's one connection
  const hash = contentHashOf(item);
  const replaced = await db.$transaction(async (tx) => {
    await lockContentHashes(tx, [hash]);
    const current = await tx.source.findUnique({
      where: { id },
      include: { content: { select: { generation: true, rechunk: true } } },
    });
    if (!current) throw notFound('source');
    if (item.ifMatch && !item.ifMatch.includes('*')) {
      // A source being chunked again (rechunk) keeps its text: that is no change to refuse.
      const queued =
        current.content &&
        current.content.generation > current.generation &&
        !current.content.rechunk &&
        (current.status === 'pending' || current.status === 'processing');
      if (queued || !item.ifMatch.includes(sourceTextEtag(id, current.generation))) {
        throw new ApiError(
          'precondition_failed',
          'This source has changed since its text was read (If-Match). Read it again and reapply your changes.',
        );
      }
    }
    // A title that was only the old file's name (or address) follows the new content's.
    const title =
      item.keepTitle && current.title !== current.filename && current.title !== current.uri
        ? current.title
        : item.title;
    const metadata = item.keepMetadata ? current.metadata : item.metadata;
    const unchanged =
      item.kind !== 'url' &&
      current.status !== 'failed' &&
      current.contentHash === hash &&
      title === current.title &&
      isDeepStrictEqual(metadata, current.metadata);
    const { content, ...source } = current;
    if (unchanged) return { source, queued: false };
    await refuseDuplicate(tx, { id, hash, collectionId: current.collectionId });
    const generation = Math.max(current.generation, content?.generation ?? 0) + 1;
    await writeContent(tx, { sourceId: id, generation, base64 });
    const updated = await tx.source.update({
      where: { id },
      data: {
        title,
        metadata: metadata as object,
        kind: item.kind,
        mediaType: item.mediaType,
        size: item.data.byteLength,
        contentHash: hash,
        uri: item.uri ?? null,
        filename: item.filename ?? null,
        ...QUEUED_AGAIN,
      },
    });
    return { source: updated, queued: true };
  });
  if (replaced.queued) wakeIngestWorker();
  return replaced;
}

/**
 * Queues a failed source again with the content it failed on: for a failure that has passed
 * (an embedding server that was down, a page that did not answer, a worker that was killed).
 * The 404 or 409 that explains a refusal is looked up afterwards.
 */
export async function retrySource(id: string): Promise<Source> {
  const { queued } = await retryFailedSources([id]);
  if (queued[0]) return queued[0];
  const db = await prisma();
  const current = await db.source.findUnique({
    where: { id },
    select: { status: true, contentHash: true, collectionId: true },
  });
  if (!current) throw notFound('source');
  if (current.status !== 'failed')
    throw new ApiError('conflict', `Only a failed source can be retried; this one is ${current.status}.`);
  await refuseDuplicate(db, { id, hash: current.contentHash ?? '', collectionId: current.collectionId });
  throw new ApiError('conflict', 'The source could not be queued again; try once more.');
}

/**
 * Queues every failed source again (or those of `ids` that failed), as `retrySource` does one:
 * after an outage of the embedding server, say. A source whose content another source of its
 * collection now holds stays failed and is listed in `skipped`; of failed sources with the same
 * content in one collection, the oldest goes. `reach`: only sources of these collections (the
 * caller's editable ones); ids outside it count as unknown.
 */
export async function retryFailedSources(
  ids?: string[],
  reach: Reach = { all: true },
): Promise<{ queued: Source[]; skipped: { id: string; title: string }[]; unknown: string[] }> {
  const db = await prisma();
  const scope = Prisma.sql`${ids ? Prisma.sql`AND id = ANY(${ids}::uuid[])` : Prisma.empty} AND ${reachSql(reach, Prisma.sql`collection_id`)}`;
  const result = await db.$transaction(async (tx) => {
    const hashes = await tx.$queryRaw<{ h: string }[]>`
      SELECT DISTINCT content_hash AS h FROM sources WHERE status = 'failed' AND content_hash IS NOT NULL ${scope}`;
    await lockContentHashes(
      tx,
      hashes.map((r) => r.h),
    );
    const queued = await tx.$queryRaw<{ id: string }[]>`
      WITH pick AS (
        SELECT DISTINCT ON (f.collection_id, coalesce(f.content_hash, f.id::text)) f.id FROM sources f
        WHERE f.status = 'failed' ${scope}
          AND NOT EXISTS (SELECT 1 FROM sources o WHERE o.content_hash = f.content_hash
            AND o.collection_id = f.collection_id AND o.status <> 'failed')
        ORDER BY f.collection_id, coalesce(f.content_hash, f.id::text), f.created_at, f.id
      )
      UPDATE sources s SET status = 'pending', progress = 0, error = NULL, attempts = 0,
        lease_owner = NULL, lease_expires_at = NULL, updated_at = now()
      FROM pick WHERE s.id = pick.id AND s.status = 'failed'
      RETURNING s.id::text AS id`;
    const skipped = await tx.$queryRaw<{ id: string; title: string }[]>`
      SELECT id::text AS id, title FROM sources WHERE status = 'failed' ${scope} ORDER BY created_at, id`;
    const rows = await tx.source.findMany({
      where: { id: { in: queued.map((r) => r.id) } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    // Ids naming no source (deleted, or mistyped) are said, in the order asked, so a script can tell them from sources that had not failed.
    const unknown = ids
      ? await tx.$queryRaw<{ id: string }[]>`
          SELECT u.id::text AS id FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS u(id, n)
          WHERE NOT EXISTS (SELECT FROM sources s WHERE s.id = u.id AND ${reachSql(reach, Prisma.sql`s.collection_id`)})
          GROUP BY u.id ORDER BY min(u.n)`
      : [];
    return { queued: rows, skipped, unknown: unknown.map((r) => r.id) };
  });
  if (result.queued.length > 0) wakeIngestWorker();
  return result;
}

/** The state of replaced content handed to the ingest queue (attempts counted from zero; retries set the same in SQL). */
export const QUEUED_AGAIN = {
  status: 'pending',
  progress: 0,
  error: null,
  attempts: 0,
  leaseOwner: null,
  leaseExpiresAt: null,
} as const;

/**
 * Content held by another source of the same collection that has not failed would be stored
 * twice: 409, naming it (`duplicateOf`: its id). Another collection may hold the same content.
 */
export async function refuseDuplicate(
  db: Pick<P.TransactionClient, 'source'>,
  { id, hash, collectionId }: { id: string; hash: string; collectionId: string },
): Promise<void> {
  const other = await db.source.findFirst({
    where: { contentHash: hash, collectionId, status: { not: 'failed' }, id: { not: id } },
    select: { id: true, title: true },
    orderBy: { createdAt: 'asc' },
  });
  if (other) {
    throw new ApiError('conflict', `The same content is already stored as the source “${other.title}”.`, {
      extensions: { duplicateOf: other.id },
    });
  }
}
