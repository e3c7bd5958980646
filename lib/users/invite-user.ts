import 'server-only';
import { v7 as uuidv7 } from 'uuid';
import { Prisma, prisma } from '@/lib/db';
import { forgetAccountsSeen } from '@/lib/access';
import { ApiError } from '@/lib/http/api-error';
import { toDbRole, type UserRole, type UserView } from '@/lib/schemas/users';
import { createAccountLink } from './account-links';
import { normaliseEmail } from './normalise-email';
import { presentUser, userSelect } from './user-records';

const taken = () => new ApiError('conflict', 'Someone already has an account with that email address.');

/**
 * Creates a person's account (no password yet) and the invitation link that lets them set one.
 * The email is stored normalised, so `Admin@Example.com` after `admin@example.com` is a 409.
 */
export async function inviteUser(input: {
  email: string;
  name?: string;
  role: UserRole;
}): Promise<{ user: UserView; invitationPath: string }> {
  const email = normaliseEmail(input.email);
  const db = await prisma();
  try {
    const result = await db.$transaction(async (tx) => {
      if (await tx.user.findUnique({ where: { email }, select: { id: true } })) throw taken();
      const id = uuidv7();
      await tx.principal.create({ data: { id, kind: 'user', role: toDbRole(input.role), name: input.name ?? null } });
      const user = await tx.user.create({ data: { id, email }, select: userSelect });
      const link = await createAccountLink(tx, id, 'invitation');
      return { user: presentUser(user), invitationPath: link.path };
    });
    // The first account turns anonymous access off when ANONYMOUS_ACCESS is unset: at once, not in five seconds.
    forgetAccountsSeen();
    return result;
  } catch (error) {
    // Two invitations of one address at once: the unique index decides.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw taken();
    throw error;
  }
}
