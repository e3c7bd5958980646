import 'server-only';
import { prisma } from '@/lib/db/index';
import type { Source } from '@/lib/db/generated/client';
import { notFound } from '@/lib/http/api-error';
import { lockContentHashes } from './create-sources';
import { refuseDuplicate } from './replace-source';

/**
 * Moves a source to another collection as it is: its chunks stay and are not embedded again, and
 * from the next query on it is found by that collection's readers only. The same content already
 * in the target collection is a 409 naming it, as an upload of it there would have found it.
 */
export async function moveSource(id: string, collectionId: string): Promise<Source> {
  const db = await prisma();
  return db.$transaction(async (tx) => {
    const current = await tx.source.findUnique({ where: { id }, select: { contentHash: true, collectionId: true } });
    if (!current) throw notFound('source');
    if (current.collectionId === collectionId) return tx.source.findUniqueOrThrow({ where: { id } });
    if (current.contentHash) {
      await lockContentHashes(tx, [current.contentHash]);
      await refuseDuplicate(tx, { id, hash: current.contentHash, collectionId });
    }
    return tx.source.update({ where: { id }, data: { collectionId } });
  });
}
