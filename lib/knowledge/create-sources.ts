import 'server-only';
import { v7 as uuidv7 } from 'uuid';
import { prisma } from '@/lib/db';
import type { Source } from '@/lib/db/generated/client';
import { contentHashOf, type NewSource } from './new-source';
import { wakeIngestWorker } from './wake-ingest-worker';

export interface CreatedSource {
  source: Source;
  /** False when identical content was already stored: `source` is the existing one. */
  created: boolean;
}

/**
 * Queues sources for ingestion: each becomes a `pending` row plus its raw bytes,
 * in one transaction for the whole request. Content identical to a stored
 * source (that has not failed) is not stored twice.
 */
export async function createSources(items: NewSource[]): Promise<CreatedSource[]> {
  const db = await prisma();
  const hashes = items.map(contentHashOf);
  const existing = await db.source.findMany({
    where: { contentHash: { in: [...new Set(hashes)] }, status: { not: 'failed' } },
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
  // Two multi-row inserts for the whole request, not three statements per source:
  // a bulk import of 1,000 texts is queued in one short transaction.
  const created = fresh.length
    ? await db.$transaction(
        async (tx) => {
          const rows = await tx.source.createManyAndReturn({
            data: fresh.map(({ id, item, hash }) => ({
              id,
              title: item.title,
              kind: item.kind,
              mediaType: item.mediaType,
              size: item.data.byteLength,
              contentHash: hash,
              uri: item.uri,
              filename: item.filename,
              metadata: item.metadata as object,
            })),
          });
          // Live generation 0 has no chunks; the first ingestion writes generation 1.
          await tx.sourceContent.createMany({ data: fresh.map(({ id, item }) => ({ sourceId: id, generation: 1, data: Buffer.from(item.data) })) });
          return rows;
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
