import 'server-only';
import { prisma, Prisma } from '@/lib/db';
import { ApiError, notFound } from '@/lib/http/api-error';
import type { GroupJson, GroupWithMembersJson } from '@/lib/schemas/groups';

type GroupRow = Prisma.GroupGetPayload<{ include: { _count: { select: { members: true } } } }>;

const withCount = { _count: { select: { members: true } } } as const;

export function toGroupJson(g: GroupRow): GroupJson {
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    managedBy: g.managedBy === 'oidc' ? 'oidc' : null,
    memberCount: g._count.members,
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
  };
}

/** Every group by name: a deployment has tens of them, not thousands, so the list is not paginated. */
export async function listGroups(): Promise<GroupJson[]> {
  const db = await prisma();
  return (await db.group.findMany({ include: withCount, orderBy: [{ name: 'asc' }, { id: 'asc' }] })).map(toGroupJson);
}

export async function getGroupOrThrow(id: string): Promise<GroupWithMembersJson> {
  const db = await prisma();
  const group = await db.group.findUnique({
    where: { id },
    include: {
      ...withCount,
      members: { include: { user: { select: { email: true, principal: { select: { name: true } } } } } },
    },
  });
  if (!group) throw notFound('group');
  const members = group.members
    .map((m) => ({ id: m.userId, email: m.user.email, name: m.user.principal.name }))
    .sort((a, b) => a.email.localeCompare(b.email));
  return { ...toGroupJson(group), members };
}

/** A group the identity provider names follows its claim at every sign-in: an edit here would be undone, so it is refused. */
export function refuseManaged(group: { managedBy: string | null; name: string }, what: string): void {
  if (group.managedBy === 'oidc') {
    throw new ApiError(
      'conflict',
      `The group “${group.name}” is managed by the identity provider (its groups claim): it cannot be ${what} here. Change it in the provider.`,
    );
  }
}

const nameTaken = (name: string) => new ApiError('conflict', `A group named “${name}” already exists.`);
const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

export async function createGroup(input: { name: string; description?: string }): Promise<GroupJson> {
  const db = await prisma();
  try {
    const group = await db.group.create({
      data: { name: input.name, description: input.description ?? '' },
      include: withCount,
    });
    return toGroupJson(group);
  } catch (error) {
    throw isUniqueViolation(error) ? nameTaken(input.name) : error;
  }
}

export async function updateGroup(id: string, patch: { name?: string; description?: string }): Promise<GroupJson> {
  const db = await prisma();
  const current = await db.group.findUnique({ where: { id }, include: withCount });
  if (!current) throw notFound('group');
  if (
    (patch.name === undefined || patch.name === current.name) &&
    (patch.description === undefined || patch.description === current.description)
  )
    return toGroupJson(current);
  refuseManaged(current, patch.name !== undefined && patch.name !== current.name ? 'renamed' : 'edited');
  try {
    return toGroupJson(await db.group.update({ where: { id }, data: patch, include: withCount }));
  } catch (error) {
    throw isUniqueViolation(error) ? nameTaken(patch.name ?? current.name) : error;
  }
}

/** Deletes a group: its members lose what it gave them (reading, editing) at their next request. */
export async function deleteGroup(id: string): Promise<void> {
  const db = await prisma();
  const current = await db.group.findUnique({ where: { id }, select: { name: true, managedBy: true } });
  if (!current) throw notFound('group');
  refuseManaged(current, 'deleted');
  await db.group.delete({ where: { id } });
}
