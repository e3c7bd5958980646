import 'server-only';
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
  const results = await db.$transaction(
    async (tx) => {
      const out: CreatedSource[] = [];
      for (const [i, item] of items.entries()) {
        const hash = hashes[i]!;
        const seen = byHash.get(hash);
        if (seen) {
          out.push({ source: seen, created: false });
          continue;
        }
        const source = await tx.source.create({
          data: {
            title: item.title,
            kind: item.kind,
            mediaType: item.mediaType,
            size: item.data.byteLength,
            contentHash: hash,
            uri: item.uri,
            filename: item.filename,
            metadata: item.metadata as object,
            // Live generation 0 has no chunks; the first ingestion writes generation 1.
            content: { create: { generation: 1, data: Buffer.from(item.data) } },
          },
        });
        byHash.set(hash, source);
        out.push({ source, created: true });
      }
      return out;
    },
    { timeout: 60_000 },
  );
  if (results.some((r) => r.created)) wakeIngestWorker();
  return results;
}
