import 'server-only';
import { prisma, type Prisma } from '@/lib/db';
import { ApiError, notFound } from '@/lib/http/api-error';
import { toDbRole, type UserRole, type UserView } from '@/lib/schemas/users';
import { createAccountLink } from './account-links';
import { presentUser, userSelect } from './user-records';

const lastAdmin = () =>
  new ApiError(
    'conflict',
    'This is the last active admin: make someone else an admin (or create an admin key) first, or nobody can manage the service.',
  );

/**
 * Whether someone besides `userId` can still act as an admin: another active admin user, or an
 * active admin key that is not this user's. The admins' rows are locked while checking, so two
 * admins demoting each other at once cannot both succeed.
 */
async function anotherAdminRemains(tx: Prisma.TransactionClient, userId: string): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ others: number }[]>`
    WITH admins AS (
      SELECT p.id FROM principals p LEFT JOIN users u ON u.id = p.id
      WHERE p.role = 'admin' AND (u.id IS NULL OR u.status = 'active') ORDER BY p.id FOR UPDATE OF p)
    SELECT (
      (SELECT count(*) FROM users u JOIN admins a ON a.id = u.id WHERE u.id <> ${userId}::uuid)
      + (SELECT count(*) FROM api_keys k JOIN admins a ON a.id = k.principal_id
         WHERE k.role = 'admin' AND k.revoked_at IS NULL AND k.principal_id <> ${userId}::uuid)
    )::int AS others`;
  return (row?.others ?? 0) > 0;
}

/**
 * Changes a person's name, role or status. Disabling ends all their sessions at once (their keys
 * already stop: findActiveKey refuses keys of disabled users) and kills their unused links. The
 * last admin cannot be demoted or disabled.
 */
export async function updateUser(
  id: string,
  patch: { name?: string | null; role?: UserRole; status?: 'active' | 'disabled' },
): Promise<UserView> {
  const db = await prisma();
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id }, select: userSelect });
    if (!user) throw notFound('user');
    const losesAdmin =
      user.principal.role === 'admin' &&
      user.status === 'active' &&
      ((patch.role !== undefined && patch.role !== 'admin') || patch.status === 'disabled');
    if (losesAdmin && !(await anotherAdminRemains(tx, id))) throw lastAdmin();
    if (patch.name !== undefined || patch.role !== undefined) {
      await tx.principal.update({
        where: { id },
        data: {
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.role !== undefined ? { role: toDbRole(patch.role) } : {}),
        },
      });
    }
    if (patch.status !== undefined && patch.status !== user.status) {
      await tx.user.update({ where: { id }, data: { status: patch.status } });
      if (patch.status === 'disabled') {
        await tx.userSession.deleteMany({ where: { userId: id } });
        await tx.accountLink.deleteMany({ where: { userId: id, usedAt: null } });
      }
    }
    return presentUser(await tx.user.findUniqueOrThrow({ where: { id }, select: userSelect }));
  });
}

/** A new one-time link to set a new password; earlier unused links of the person die. */
export async function startPasswordReset(id: string): Promise<{ resetPath: string }> {
  const db = await prisma();
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id }, select: { status: true } });
    if (!user) throw notFound('user');
    if (user.status !== 'active') throw new ApiError('conflict', 'This person is disabled: enable them first.');
    const link = await createAccountLink(tx, id, 'reset');
    return { resetPath: link.path };
  });
}
