import 'server-only';
import { v7 as uuidv7 } from 'uuid';
import { defaultCollectionId } from '@/lib/collections/default-collection';
import { prisma } from '@/lib/db/index';
import type { Prisma as P, Source } from '@/lib/db/generated/client';
import { contentHashOf, type NewSource } from './new-source';
import { toBase64, writeContent } from './source-contents';
import { wakeIngestWorker } from '../ingest/wake-ingest-worker';

/**
 * Takes a transaction-scoped lock per content hash, in one order (no deadlock), so that two
 * requests storing the same content at once see each other: the later one finds the source the
 * first stored once it has the lock. Holds across instances on one PostgreSQL.
 */
export async function lockContentHashes(tx: P.TransactionClient, hashes: string[]): Promise<void> {
  await tx.$executeRaw`
    SELECT pg_advisory_xact_lock(k) FROM (
      SELECT DISTINCT hashtextextended(h, 0) AS k FROM unnest(${hashes}::text[]) AS h ORDER BY k
    ) locks`;
}

/** Queued bytes from this size on are inserted one file to a statement. */
const LARGE_CONTENT_BYTES = 1024 * 1024;

export interface CreatedSource {
  source: Source;
  /** False when identical content was already stored: `source` is the existing one. */
  created: boolean;
}

/**
 * Queues sources for ingestion into a collection (default: DEFAULT_COLLECTION's): each becomes a
 * `pending` row plus its raw bytes, in one transaction for the whole request. Content identical
 * to a stored source of the same collection (that has not failed) is not stored twice; the same
 * content in another collection is a source of its own, read by that collection's readers.
 */
export async function createSources(
  items: NewSource[],
  opts: { collectionId?: string } = {},
): Promise<CreatedSource[]> {
  const db = await prisma();
  const collectionId = opts.collectionId ?? (await defaultCollectionId());
  const hashes = items.map(contentHashOf);
  const existing = await db.source.findMany({
    where: { collectionId, contentHash: { in: [...new Set(hashes)] }, status: { not: 'failed' } },
    orderBy: { createdAt: 'asc' },
  });
  const byHash = new Map<string, Source>();
  for (const s of existing) if (s.contentHash && !byHash.has(s.contentHash)) byHash.set(s.contentHash, s);
  // New rows get ids in request order (UUIDv7 sorts by time), so listing and claiming keep that order.
  const results: CreatedSource[] = [];
  const fresh: { id: string; item: NewSource; hash: string }[] = [];
  const freshByHash = new Map<string, string>();
  for (const [i, item] of items.entries()) {
    const hash = hashes[i]!;
    if (byHash.has(hash) || freshByHash.has(hash)) continue;
    const id = uuidv7();
    freshByHash.set(hash, id);
    fresh.push({ id, item, hash });
  }
  // Two multi-row inserts for the whole request (plus one per large file), not three statements
  // per source: a bulk import of 1,000 texts is queued in one short transaction. The bytes are
  // encoded before it opens: on PGlite an open transaction holds the one connection.
  const small: { id: string; base64: string }[] = [];
  const large: { id: string; base64: string }[] = [];
  for (const f of fresh)
    (f.item.data.byteLength < LARGE_CONTENT_BYTES ? small : large).push({ id: f.id, base64: toBase64(f.item.data) });
  const created = fresh.length
    ? await db.$transaction(
        async (tx) => {
          // Two requests with the same content at once both found nothing above: each looks again
          // under the hashes' locks, and the later one answers with the source the first created.
          await lockContentHashes(
            tx,
            fresh.map((f) => f.hash),
          );
          const raced = await tx.source.findMany({
            where: { collectionId, contentHash: { in: fresh.map((f) => f.hash) }, status: { not: 'failed' } },
            orderBy: { createdAt: 'asc' },
          });
          for (const s of raced) if (s.contentHash && !byHash.has(s.contentHash)) byHash.set(s.contentHash, s);
          const inserted = fresh.filter((f) => !byHash.has(f.hash));
          if (inserted.length === 0) return [];
          const ids = inserted.map((f) => f.id);
          const mine = new Set(ids);
          // Raw multi-row inserts (arrays as parameters): a thousand sources cost two statements with
          // a dozen parameters, not Prisma's ten thousand, and the bytes travel as one base64 string each.
          await tx.$executeRaw`
            INSERT INTO sources (collection_id, id, title, kind, media_type, size, content_hash, uri, filename, metadata, crawl_id)
            SELECT ${collectionId}::uuid, * FROM unnest(${ids}::uuid[], ${inserted.map((f) => f.item.title)}::text[],
              ${inserted.map((f) => f.item.kind)}::text[]::"SourceKind"[], ${inserted.map((f) => f.item.mediaType)}::text[],
              ${inserted.map((f) => f.item.data.byteLength)}::int[], ${inserted.map((f) => f.hash)}::text[],
              ${inserted.map((f) => f.item.uri ?? null)}::text[], ${inserted.map((f) => f.item.filename ?? null)}::text[],
              ${inserted.map((f) => JSON.stringify(f.item.metadata))}::jsonb[], ${inserted.map((f) => f.item.crawlId ?? null)}::uuid[])`;
          // Live generation 0 has no chunks; the first ingestion writes generation 1.
          const smallMine = small.filter((c) => mine.has(c.id));
          if (smallMine.length > 0) {
            await tx.$executeRaw`
              INSERT INTO source_contents (source_id, generation, data)
              SELECT t.id, 1, decode(t.base64, 'base64')
              FROM unnest(${smallMine.map((c) => c.id)}::uuid[], ${smallMine.map((c) => c.base64)}::text[]) AS t(id, base64)`;
          }
          // A large file goes in as a value of its own: inside an array literal PostgreSQL scans
          // and copies all of it again (21.5 MB held PGlite 2.3-2.8 s in an array, 1.5-1.6 s alone).
          for (const c of large)
            if (mine.has(c.id)) await writeContent(tx, { sourceId: c.id, generation: 1, base64: c.base64 });
          return tx.source.findMany({ where: { id: { in: ids } } });
        },
        { timeout: 60_000 },
      )
    : [];
  const createdById = new Map(created.map((s) => [s.id, s]));
  const answered = new Set<string>();
  for (const hash of hashes) {
    const seen = byHash.get(hash);
    if (seen) {
      results.push({ source: seen, created: false });
      continue;
    }
    const id = freshByHash.get(hash)!;
    const source = createdById.get(id)!;
    // The same content twice in one request: the first is created, the second answers with it.
    results.push({ source, created: !answered.has(id) });
    answered.add(id);
  }
  if (results.some((r) => r.created)) wakeIngestWorker();
  return results;
}
