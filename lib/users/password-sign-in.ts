import 'server-only';
import { prisma } from '@/lib/db';
import { ApiError } from '@/lib/http/api-error';
import { clientAddress } from '@/lib/http/client-address';
import { enforceRateLimits } from '@/lib/http/rate-limit';
import { normaliseEmail } from './normalise-email';
import { dummyPasswordHash, verifyPassword } from './passwords';

/** Attempts per account and per address in PASSWORD_WINDOW_SECONDS: enough for typos, too few to guess. */
const PER_ACCOUNT = 10;
const PER_ADDRESS = 50;
const PASSWORD_WINDOW_SECONDS = 15 * 60;

/** One answer for every failure, so a caller cannot tell which email addresses have accounts. */
const refused = () => new ApiError('unauthorized', 'The email or password is not right.');

/**
 * The user a password signs in, else 401. An unknown email, a person without a password, a
 * disabled person and a wrong password all get the same problem, after the same work: one scrypt
 * verification (against a dummy hash when there is no hash to check). Attempts are counted per
 * account (the normalised email) and per client address before any of that.
 */
export async function passwordSignIn(req: Request, input: { email: string; password: string }): Promise<string> {
  const email = normaliseEmail(input.email);
  await enforceRateLimits(
    [
      { key: `pw-acct:${email}`, max: PER_ACCOUNT },
      { key: `pw-ip:${clientAddress(req)}`, max: PER_ADDRESS },
    ],
    Date.now(),
    PASSWORD_WINDOW_SECONDS,
  );
  const db = await prisma();
  const user = await db.user.findUnique({ where: { email }, select: { id: true, status: true, passwordHash: true } });
  const hash = user?.passwordHash ?? (await dummyPasswordHash());
  const matches = await verifyPassword(input.password, hash);
  if (!user || !user.passwordHash || user.status !== 'active' || !matches) throw refused();
  return user.id;
}
