import 'server-only';
import { prisma, Prisma } from '@/lib/db';
import type { CollectionAccess, CollectionVisibility } from '@/lib/db/generated/enums';
import { ApiError } from '@/lib/http/api-error';
import { fieldError } from '@/lib/http/validation';
import { collectionNotFound } from '@/lib/access';
import { config } from '@/lib/config';
import { defaultCollectionId } from './default-collection';

export interface CollectionFields {
  name?: string;
  description?: string;
  visibility?: CollectionVisibility;
  readerGroupIds?: string[];
  editorGroupIds?: string[];
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

/** Creates a collection, or changes one (fields left out stay), with its reader and editor groups in one transaction. */
export async function saveCollection(id: string | null, fields: CollectionFields): Promise<string> {
  const db = await prisma();
  if (id && fields.name !== undefined) await refuseDefaultRename(id, fields.name);
  try {
    return await db.$transaction(async (tx) => {
      await assertGroupsExist(tx, 'readerGroupIds', fields.readerGroupIds);
      await assertGroupsExist(tx, 'editorGroupIds', fields.editorGroupIds);
      const data = {
        ...(fields.name !== undefined ? { name: fields.name } : {}),
        ...(fields.description !== undefined ? { description: fields.description } : {}),
        ...(fields.visibility !== undefined ? { visibility: fields.visibility } : {}),
      };
      let saved: string;
      if (id) {
        const found = await tx.collection.findUnique({ where: { id }, select: { id: true } });
        if (!found) throw collectionNotFound();
        saved = (await tx.collection.update({ where: { id }, data: { ...data, updatedAt: new Date() } })).id;
      } else {
        saved = (await tx.collection.create({ data: { name: fields.name!, ...data } })).id;
      }
      await setGroups(tx, saved, 'read', fields.readerGroupIds);
      await setGroups(tx, saved, 'edit', fields.editorGroupIds);
      return saved;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('conflict', `A collection named “${fields.name}” already exists.`);
    throw error;
  }
}

/**
 * Sources sent without a collection go to the one DEFAULT_COLLECTION names, by its name: renamed,
 * it would stop being the default and a new empty one would be made. So renaming it is refused.
 */
async function refuseDefaultRename(id: string, name: string): Promise<void> {
  if (id !== (await defaultCollectionId()) || name === config().DEFAULT_COLLECTION) return;
  throw new ApiError(
    'conflict',
    `This is the default collection (DEFAULT_COLLECTION = “${config().DEFAULT_COLLECTION}”), which sources sent without a collectionId go to: ` +
      'it cannot be renamed. Its description and access rule can be changed.',
  );
}

async function assertGroupsExist(tx: Prisma.TransactionClient, field: string, ids: string[] | undefined) {
  if (!ids?.length) return;
  const wanted = [...new Set(ids.map((g) => g.toLowerCase()))];
  const found = new Set(
    (await tx.group.findMany({ where: { id: { in: wanted } }, select: { id: true } })).map((g) => g.id),
  );
  const unknown = wanted.filter((g) => !found.has(g));
  if (unknown.length > 0)
    throw fieldError({ in: 'body', path: [field] }, `names no group: ${unknown.slice(0, 10).join(', ')}`);
}

async function setGroups(
  tx: Prisma.TransactionClient,
  collectionId: string,
  access: CollectionAccess,
  ids: string[] | undefined,
): Promise<void> {
  if (ids === undefined) return;
  const wanted = [...new Set(ids.map((g) => g.toLowerCase()))];
  await tx.collectionGroup.deleteMany({ where: { collectionId, access, groupId: { notIn: wanted } } });
  await tx.collectionGroup.createMany({
    data: wanted.map((groupId) => ({ collectionId, groupId, access })),
    skipDuplicates: true,
  });
}
