import 'server-only';
import { isDeepStrictEqual } from 'node:util';
import { v7 as uuidv7 } from 'uuid';
import { prisma } from '@/lib/db/index';
import type { Prisma as P } from '@/lib/db/generated/client';
import type { SyncResult } from '@/lib/schemas/sync';
import { lockContentHashes } from './create-sources';
import type { SyncEntry, SyncRequest } from './read-sync-request';
import { QUEUED_AGAIN } from './replace-source';
import { writeContent } from './source-contents';
import { deleteMissing, emptyRefused, lockConnector, recordPage } from './sync-runs';
import { markIndexDirty } from '../index/maintain-index';
import { wakeIngestWorker } from '../ingest/wake-ingest-worker';

type Counts = Pick<SyncResult, 'created' | 'updated' | 'unchanged' | 'failed' | 'errors'>;
type Options = SyncRequest & { connector: string; collectionId: string; allowEmpty: boolean };

/**
 * Brings a connector's sources in a collection in line with an outside system's: upserts by
 * (connector, externalId), ingesting only what is new or changed (a change is queued as the next
 * generation, swapped in when indexed), then, when `complete`, deletes what the set no longer
 * names. All in one transaction under the connector's lock: a request that fails stores nothing.
 */
export async function syncSources(opts: Options): Promise<SyncResult> {
  // Refused before the transaction (which would hold PGlite's one connection) when it can be.
  if (opts.complete && !opts.run && opts.entries.length === 0 && !opts.allowEmpty) throw emptyRefused();
  const db = await prisma();
  const result = await db.$transaction(
    async (tx) => {
      await lockConnector(tx, opts.connector, opts.collectionId);
      await lockContentHashes(
        tx,
        opts.entries.map((e) => e.hash),
      );
      const counts = await upsertEntries(tx, opts);
      const pages = opts.run
        ? await recordPage(tx, { connector: opts.connector, collectionId: opts.collectionId, run: opts.run })
        : undefined;
      const deleted = opts.complete
        ? await deleteMissing(tx, { ...opts, named: opts.entries.map((e) => e.externalId), pages })
        : 0;
      return { ...counts, deleted, ...(opts.run && pages ? { run: { id: opts.run.id, pages } } : {}) };
    },
    { timeout: 120_000, maxWait: 60_000 },
  );
  if (result.created + result.updated > 0) wakeIngestWorker();
  if (result.deleted > 0) markIndexDirty();
  return result;
}

async function upsertEntries(tx: P.TransactionClient, opts: Options): Promise<Counts> {
  const { connector, collectionId, entries } = opts;
  const current = new Map(
    (
      await tx.source.findMany({
        where: { collectionId, connector, externalId: { in: entries.map((e) => e.externalId) } },
        include: { content: { select: { generation: true } } },
      })
    ).map((s) => [s.externalId!, s]),
  );
  // Sources of the collection already holding one of the contents: storing it again would be a duplicate.
  const holders = await tx.source.findMany({
    where: { collectionId, contentHash: { in: entries.map((e) => e.hash) }, status: { not: 'failed' } },
    select: { id: true, title: true, contentHash: true },
    orderBy: { createdAt: 'asc' },
  });
  const claimed = new Map<string, string>(); // content hash → the externalId of this request holding it
  const counts: Counts = { created: 0, updated: 0, unchanged: 0, failed: 0, errors: [] };
  const fail = (e: SyncEntry, detail: string) => {
    counts.failed++;
    counts.errors.push({ externalId: e.externalId, detail });
  };
  const syncRun = opts.run?.id ?? null;
  const fresh: SyncEntry[] = [];
  for (const e of entries) {
    const was = current.get(e.externalId);
    const unchanged =
      was &&
      was.status !== 'failed' &&
      was.contentHash === e.hash &&
      (e.givenTitle === undefined || e.givenTitle === was.title) &&
      isDeepStrictEqual(e.source.metadata, was.metadata) &&
      // A web page is fetched again when the outside system says it changed.
      (e.source.kind !== 'url' || !e.updatedAt || e.updatedAt.getTime() === was.externalUpdatedAt?.getTime());
    const other = holders.find((h) => h.contentHash === e.hash && h.id !== was?.id);
    const twin = claimed.get(e.hash);
    if (!unchanged && other) {
      fail(e, `has the same content as the source “${other.title}” (${other.id}), which is already stored.`);
      continue;
    }
    if (twin !== undefined) {
      fail(e, `has the same content as “${twin}” in this request.`);
      continue;
    }
    claimed.set(e.hash, e.externalId);
    if (unchanged) {
      counts.unchanged++;
      if (e.updatedAt && e.updatedAt.getTime() !== was.externalUpdatedAt?.getTime())
        await tx.source.update({ where: { id: was.id }, data: { externalUpdatedAt: e.updatedAt } });
    } else if (was) {
      counts.updated++;
      const generation = Math.max(was.generation, was.content?.generation ?? 0) + 1;
      await writeContent(tx, { sourceId: was.id, generation, base64: e.base64 });
      await tx.source.update({
        where: { id: was.id },
        data: {
          title: e.givenTitle ?? e.source.title,
          metadata: e.source.metadata as object,
          kind: e.source.kind,
          mediaType: e.source.mediaType,
          size: e.source.data.byteLength,
          contentHash: e.hash,
          uri: e.source.uri ?? null,
          filename: null,
          externalUpdatedAt: e.updatedAt,
          ...QUEUED_AGAIN,
        },
      });
    } else fresh.push(e);
  }
  await insertSources(tx, { connector, collectionId, syncRun, entries: fresh });
  counts.created = fresh.length;
  // Every source the request names is part of this run, failed updates included: they are still there.
  if (syncRun)
    await tx.$executeRaw`UPDATE sources SET sync_run = ${syncRun} WHERE connector = ${connector}
      AND collection_id = ${collectionId}::uuid AND external_id = ANY(${entries.map((e) => e.externalId)}::text[])`;
  return counts;
}

/** New sources in two statements plus their contents (as createSources stores them), ids in request order. */
async function insertSources(
  tx: P.TransactionClient,
  {
    connector,
    collectionId,
    syncRun,
    entries,
  }: { connector: string; collectionId: string; syncRun: string | null; entries: SyncEntry[] },
): Promise<void> {
  if (entries.length === 0) return;
  const ids = entries.map(() => uuidv7());
  const col = <T>(f: (e: SyncEntry) => T) => entries.map(f);
  await tx.$executeRaw`
    INSERT INTO sources (collection_id, connector, sync_run, id, external_id, external_updated_at, title, kind, media_type,
      size, content_hash, uri, metadata)
    SELECT ${collectionId}::uuid, ${connector}, ${syncRun}, * FROM unnest(${ids}::uuid[], ${col((e) => e.externalId)}::text[],
      ${col((e) => e.updatedAt?.toISOString() ?? null)}::timestamptz[], ${col((e) => e.source.title)}::text[],
      ${col((e) => e.source.kind)}::text[]::"SourceKind"[], ${col((e) => e.source.mediaType)}::text[],
      ${col((e) => e.source.data.byteLength)}::int[], ${col((e) => e.hash)}::text[], ${col((e) => e.source.uri ?? null)}::text[],
      ${col((e) => JSON.stringify(e.source.metadata))}::jsonb[])`;
  // Live generation 0 has no chunks; the first ingestion writes generation 1. A large text goes
  // in as a value of its own, as createSources stores it: in an array PostgreSQL copies it again.
  const large = (e: SyncEntry) => e.source.data.byteLength >= LARGE_CONTENT_BYTES;
  const small = entries.flatMap((e, i) => (large(e) ? [] : [{ id: ids[i]!, base64: e.base64 }]));
  if (small.length > 0)
    await tx.$executeRaw`
      INSERT INTO source_contents (source_id, generation, data)
      SELECT t.id, 1, decode(t.base64, 'base64')
      FROM unnest(${small.map((c) => c.id)}::uuid[], ${small.map((c) => c.base64)}::text[]) AS t(id, base64)`;
  for (const [i, e] of entries.entries())
    if (large(e)) await writeContent(tx, { sourceId: ids[i]!, generation: 1, base64: e.base64 });
}

const LARGE_CONTENT_BYTES = 1024 * 1024;
