import 'server-only';
import { prisma } from '@/lib/db';
import { notFound } from '@/lib/http/api-error';
import { fieldError } from '@/lib/http/validation';
import type { GroupWithMembersJson } from '@/lib/schemas/groups';
import { getGroupOrThrow, refuseManaged } from './manage-groups';

/**
 * Makes `userIds` the group's members, in one transaction: those not listed leave it, the new ones
 * join. Ids that name no user are a 400 naming them, and nothing changes.
 */
export async function setGroupMembers(id: string, userIds: string[]): Promise<GroupWithMembersJson> {
  const db = await prisma();
  const wanted = [...new Set(userIds.map((u) => u.toLowerCase()))];
  await db.$transaction(async (tx) => {
    const group = await tx.group.findUnique({ where: { id }, select: { name: true, managedBy: true } });
    if (!group) throw notFound('group');
    refuseManaged(group, 'given members');
    const known = new Set(
      (await tx.user.findMany({ where: { id: { in: wanted } }, select: { id: true } })).map((u) => u.id),
    );
    const unknown = wanted.filter((u) => !known.has(u));
    if (unknown.length > 0) {
      const shown = unknown.slice(0, 10).join(', ') + (unknown.length > 10 ? ` and ${unknown.length - 10} more` : '');
      throw fieldError({ in: 'body', path: ['userIds'] }, `names no user: ${shown}`);
    }
    await tx.groupMember.deleteMany({ where: { groupId: id, userId: { notIn: wanted } } });
    await tx.groupMember.createMany({ data: wanted.map((userId) => ({ groupId: id, userId })), skipDuplicates: true });
    await tx.group.update({ where: { id }, data: { updatedAt: new Date() } });
  });
  return getGroupOrThrow(id);
}
