import 'server-only';
import type { Prisma } from '@/lib/db';
import { log } from '@/lib/log';

/**
 * Makes the user's memberships in provider-managed groups exactly the groups the provider named
 * this time: each named group is created (managed by 'oidc') if missing, memberships are added,
 * and memberships of provider groups no longer named are removed. Groups made by hand keep their
 * members; one made by hand under a name the provider uses becomes provider-managed, so an admin
 * can give a group access to collections before its first member signs in.
 */
export async function syncProviderGroups(tx: Prisma.TransactionClient, userId: string, names: string[]): Promise<void> {
  let groupIds: string[] = [];
  if (names.length > 0) {
    const existing = await tx.group.findMany({
      where: { name: { in: names } },
      select: { id: true, name: true, managedBy: true },
    });
    const adopted = existing.filter((g) => g.managedBy !== 'oidc');
    if (adopted.length > 0) {
      await tx.group.updateMany({ where: { id: { in: adopted.map((g) => g.id) } }, data: { managedBy: 'oidc' } });
      log.info('single sign-on: groups now managed by the provider', { groups: adopted.map((g) => g.name) });
    }
    const known = new Set(existing.map((g) => g.name));
    const missing = names.filter((name) => !known.has(name));
    if (missing.length > 0) {
      await tx.group.createMany({ data: missing.map((name) => ({ name, managedBy: 'oidc' })), skipDuplicates: true });
    }
    groupIds = (await tx.group.findMany({ where: { name: { in: names } }, select: { id: true } })).map((g) => g.id);
  }
  await tx.groupMember.deleteMany({ where: { userId, group: { managedBy: 'oidc' }, groupId: { notIn: groupIds } } });
  if (groupIds.length > 0) {
    await tx.groupMember.createMany({ data: groupIds.map((groupId) => ({ groupId, userId })), skipDuplicates: true });
  }
}
