import 'server-only';
import { collectionNotFound, editableCollections, reaches, readableCollections, type Reach } from '@/lib/access';
import type { Principal } from '@/lib/auth/principal';
import { defaultCollectionId } from '@/lib/collections/default-collection';
import { prisma } from '@/lib/db/index';
import { ApiError, notFound } from '@/lib/http/api-error';

/** A Prisma condition on a source's collection: the reach, inside the query. */
export const inReach = (reach: Reach | undefined) =>
  !reach || reach.all ? {} : { collectionId: { in: reach.collectionIds } };

const mayNotEdit = (what: string) =>
  new ApiError('forbidden', `You may read ${what} but not change its sources: that needs an admin or an editor of it.`);

/**
 * The first check of a write to sources: a caller who edits no collection at all (a member's or
 * visitor's key) is refused before its body is read, as the admin-only rule did.
 */
export async function assertEditsSomething(principal: Principal): Promise<Reach> {
  const editable = await editableCollections(principal);
  if (!editable.all && editable.collectionIds.length === 0)
    throw new ApiError('forbidden', 'Changing knowledge needs an admin, or a member of a collection’s editor groups.');
  return editable;
}

/**
 * The collection a write goes to (default: DEFAULT_COLLECTION's): 404 when the caller cannot
 * read it, as for one that does not exist; 403 when they read it but may not edit it.
 */
export async function editableCollectionOrThrow(principal: Principal, collectionId?: string): Promise<string> {
  const id = collectionId ?? (await defaultCollectionId());
  const [readable, editable] = [await readableCollections(principal), await editableCollections(principal)];
  const db = await prisma();
  const found =
    reaches(readable, id) || reaches(editable, id)
      ? await db.collection.findUnique({ where: { id }, select: { name: true } })
      : null;
  if (!found) throw collectionNotFound();
  if (!reaches(editable, id)) throw mayNotEdit(`the collection “${found.name}”`);
  return id;
}

/**
 * A source the caller is about to change: 404 when they cannot read it (as for an unknown id),
 * 403 when they read it but may not edit its collection. Returns its collection.
 */
export async function editableSourceOrThrow(principal: Principal, id: string): Promise<string> {
  const [readable, editable] = [await readableCollections(principal), await editableCollections(principal)];
  const db = await prisma();
  const either: Reach =
    readable.all || editable.all
      ? { all: true }
      : { all: false, collectionIds: [...readable.collectionIds, ...editable.collectionIds] };
  const source = await db.source.findFirst({ where: { id, ...inReach(either) }, select: { collectionId: true } });
  if (!source) throw notFound('source');
  if (!reaches(editable, source.collectionId)) throw mayNotEdit('this source');
  return source.collectionId;
}

/**
 * For requests naming many sources (bulk delete, retry): 403 if one of them is readable but not
 * editable. Ids the caller cannot read are left for the operation to report as unknown.
 */
export async function assertEditableSources(principal: Principal, ids: string[]): Promise<void> {
  const editable = await editableCollections(principal);
  if (editable.all) return;
  const readable = await readableCollections(principal);
  const db = await prisma();
  const blocked = await db.source.findFirst({
    where: { id: { in: ids }, AND: [inReach(readable), { collectionId: { notIn: editable.collectionIds } }] },
    select: { title: true },
  });
  if (blocked) throw mayNotEdit(`the source “${blocked.title}”`);
}
