import 'server-only';
import { prisma } from '@/lib/db';
import { ApiError } from '@/lib/http/api-error';
import { consumeAccountLink, readAccountLink } from './account-links';
import { hashPassword } from './passwords';

export const linkGone = () =>
  new ApiError('gone', 'This link has already been used or has expired. Ask an admin for a new one.');
export const linkInvalid = () =>
  new ApiError('bad_request', 'This link is not valid: check that it was copied whole, or ask an admin for a new one.');

/**
 * Sets a password through a one-time link (an invitation or a reset) and uses the link up, in one
 * transaction: of two requests with the same link, one sets the password and the other gets 410
 * with nothing changed. A reset also ends the person's other sessions. Returns the user's id; the
 * caller signs them in.
 */
export async function acceptInvitation(token: string, input: { password: string; name?: string }): Promise<string> {
  const before = await readAccountLink(token);
  if (before.state === 'invalid') throw linkInvalid();
  if (before.state === 'gone') throw linkGone();
  const passwordHash = await hashPassword(input.password);
  const db = await prisma();
  return db.$transaction(async (tx) => {
    const userId = await consumeAccountLink(tx, token);
    if (!userId) throw linkGone(); // used or expired since it was read
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    if (input.name) await tx.principal.update({ where: { id: userId }, data: { name: input.name } });
    await tx.userSession.deleteMany({ where: { userId } });
    return userId;
  });
}
