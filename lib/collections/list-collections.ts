import 'server-only';
import { editableCollections, reaches, readableCollections, type Reach } from '@/lib/access';
import type { Principal } from '@/lib/auth/principal';
import { prisma } from '@/lib/db';
import { collectionNotFound } from '@/lib/access';
import type { CollectionJson } from '@/lib/schemas/collections';
import { defaultCollectionId } from './default-collection';

/**
 * The collections the caller reads, by name, each with its counts and whether the caller may
 * change its sources. Unreadable ones are left out in the query, not after it.
 */
export async function listCollections(principal: Principal | null, only?: string): Promise<CollectionJson[]> {
  const reach = await readableCollections(principal);
  const ids = only ? [only] : undefined;
  if (!reach.all && ids && !ids.every((id) => reach.collectionIds.includes(id))) return [];
  const db = await prisma();
  await defaultCollectionId(); // made at first need: it is listed from the first start on
  const where = reach.all ? (ids ? { id: { in: ids } } : {}) : { id: { in: ids ?? reach.collectionIds } };
  const rows = await db.collection.findMany({ where, include: { groups: true }, orderBy: [{ name: 'asc' }] });
  const counts = await db.source.groupBy({
    by: ['collectionId'],
    where: { collectionId: { in: rows.map((r) => r.id) } },
    _count: { _all: true },
    _sum: { chunkCount: true },
  });
  const countOf = new Map(counts.map((c) => [c.collectionId, c]));
  const editable: Reach = await editableCollections(principal);
  const defaultId = await defaultCollectionId();
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    visibility: c.visibility,
    readerGroupIds: c.groups.filter((g) => g.access === 'read').map((g) => g.groupId),
    editorGroupIds: c.groups.filter((g) => g.access === 'edit').map((g) => g.groupId),
    sourceCount: countOf.get(c.id)?._count._all ?? 0,
    chunkCount: countOf.get(c.id)?._sum.chunkCount ?? 0,
    canEdit: reaches(editable, c.id),
    isDefault: c.id === defaultId,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  }));
}

/** One collection as the caller may read it: 404, as for an unknown id, when they may not. */
export async function getCollectionOrThrow(principal: Principal | null, id: string): Promise<CollectionJson> {
  const [found] = await listCollections(principal, id);
  if (!found) throw collectionNotFound();
  return found;
}
