import 'server-only';
import { prisma } from '@/lib/db';
import type { Source } from '@/lib/db/generated/client';
import { notFound } from '@/lib/http/api-error';
import { contentHashOf, type NewSource } from './new-source';
import { toBase64, writeContent } from './source-contents';
import { wakeIngestWorker } from './wake-ingest-worker';

/**
 * Replaces a source's content in place. The live generation (and its chunks)
 * stays searchable; the new content is queued as the next generation, which
 * the worker swaps in atomically when it is fully indexed. Clearing the lease
 * stops a worker that was still busy with older content.
 */
export async function replaceSource(id: string, item: NewSource & { keepTitle: boolean; keepMetadata: boolean }): Promise<Source> {
  const db = await prisma();
  const base64 = toBase64(item.data); // before the transaction, which holds PGlite's one connection
  const hash = contentHashOf(item);
  const source = await db.$transaction(async (tx) => {
    const current = await tx.source.findUnique({ where: { id }, include: { content: { select: { generation: true } } } });
    if (!current) throw notFound('source');
    const generation = Math.max(current.generation, current.content?.generation ?? 0) + 1;
    await writeContent(tx, { sourceId: id, generation, base64 });
    return tx.source.update({
      where: { id },
      data: {
        // A title that was only the old file's name (or address) follows the new content's.
        ...(item.keepTitle && current.title !== current.filename && current.title !== current.uri ? {} : { title: item.title }),
        ...(item.keepMetadata ? {} : { metadata: item.metadata as object }),
        kind: item.kind,
        mediaType: item.mediaType,
        size: item.data.byteLength,
        contentHash: hash,
        uri: item.uri ?? null,
        filename: item.filename ?? null,
        status: 'pending',
        progress: 0,
        error: null,
        attempts: 0,
        leaseOwner: null,
        leaseExpiresAt: null,
      },
    });
  });
  wakeIngestWorker();
  return source;
}
