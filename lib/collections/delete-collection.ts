import 'server-only';
import { collectionNotFound } from '@/lib/access';
import { prisma, Prisma } from '@/lib/db';
import { ApiError } from '@/lib/http/api-error';
import { deleteSources } from '@/lib/knowledge/sources';
import { defaultCollectionId } from './default-collection';

const holdsSources = (count: number) =>
  new ApiError(
    'conflict',
    `This collection holds ${count} source${count === 1 ? '' : 's'}: move ${count === 1 ? 'it' : 'them'} elsewhere first, or delete ${count === 1 ? 'it' : 'them'} with the collection (?deleteSources=true).`,
    { extensions: { sourceCount: count } },
  );

/**
 * Deletes a collection. One that holds sources is a 409 unless `deleteSources`, which deletes
 * them first as DELETE /knowledge/sources does. The default collection is never deleted.
 */
export async function deleteCollection(id: string, opts: { deleteSources: boolean }): Promise<void> {
  const db = await prisma();
  const found = await db.collection.findUnique({ where: { id }, select: { id: true } });
  if (!found) throw collectionNotFound();
  if (id === (await defaultCollectionId())) {
    throw new ApiError(
      'conflict',
      'This is the default collection (DEFAULT_COLLECTION), which sources sent without a collectionId go to: it cannot be deleted.',
    );
  }
  const count = await db.source.count({ where: { collectionId: id } });
  if (count > 0 && !opts.deleteSources) throw holdsSources(count);
  for (;;) {
    const ids = (await db.source.findMany({ where: { collectionId: id }, select: { id: true }, take: 1000 })).map(
      (s) => s.id,
    );
    if (ids.length === 0) break;
    await deleteSources(ids);
  }
  try {
    await db.collection.delete({ where: { id } });
  } catch (error) {
    // A source added meanwhile: the foreign key (ON DELETE RESTRICT) keeps the collection.
    if (error instanceof Prisma.PrismaClientKnownRequestError && ['P2003', 'P2014'].includes(error.code))
      throw holdsSources(await db.source.count({ where: { collectionId: id } }));
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') throw collectionNotFound();
    throw error;
  }
}
