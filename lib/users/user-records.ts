import 'server-only';
import { prisma } from '@/lib/db';
import { escapeLike } from '@/lib/db/like-pattern';
import { decodeCursor, keysetPage } from '@/lib/schemas/common';
import { fromDbRole, type UserView } from '@/lib/schemas/users';

/** The columns a user's API view is made of (never the password hash itself). */
export const userSelect = {
  id: true,
  email: true,
  status: true,
  createdAt: true,
  lastSeenAt: true,
  passwordHash: true,
  oidcSubject: true,
  principal: { select: { name: true, role: true } },
} as const;

type UserRow = {
  id: string;
  email: string;
  status: 'active' | 'disabled';
  createdAt: Date;
  lastSeenAt: Date | null;
  passwordHash: string | null;
  oidcSubject: string | null;
  principal: { name: string | null; role: 'admin' | 'user' };
};

export function presentUser(u: UserRow): UserView {
  return {
    id: u.id,
    email: u.email,
    name: u.principal.name,
    role: fromDbRole(u.principal.role),
    status: u.status,
    createdAt: u.createdAt.toISOString(),
    lastSeenAt: u.lastSeenAt?.toISOString() ?? null,
    hasPassword: u.passwordHash !== null,
    sso: u.oidcSubject !== null,
  };
}

export async function findUser(id: string): Promise<UserView | null> {
  const db = await prisma();
  const row = await db.user.findUnique({ where: { id }, select: userSelect });
  return row ? presentUser(row) : null;
}

/** People newest first, keyset-paginated; `q` matches the email or the name, any case. */
export async function listUsers({
  limit,
  cursor,
  q,
}: {
  limit: number;
  cursor?: string;
  q?: string;
}): Promise<{ users: UserView[]; nextCursor: string | null }> {
  const after = decodeCursor(cursor);
  const db = await prisma();
  // Prisma's `contains` leaves % and _ as wildcards: escaped, they match themselves.
  const text = q ? escapeLike(q) : undefined;
  const rows = await db.user.findMany({
    select: userSelect,
    where: {
      AND: [
        after ? { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }] } : {},
        text
          ? {
              OR: [
                { email: { contains: text, mode: 'insensitive' } },
                { principal: { name: { contains: text, mode: 'insensitive' } } },
              ],
            }
          : {},
      ],
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  });
  const { page, nextCursor } = keysetPage(rows, limit, (u) => ({ at: u.createdAt, id: u.id }));
  return { users: page.map(presentUser), nextCursor };
}
