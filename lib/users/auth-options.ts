import 'server-only';
import { anonymousAccess } from '@/lib/access';
import { config } from '@/lib/config';
import { prisma } from '@/lib/db';

export interface AuthOptions {
  oidc: boolean;
  password: boolean;
  anonymous: boolean;
}

/**
 * The ways in the sign-in page offers: single sign-on when OIDC is configured; email and password
 * when local accounts exist (a person invited, rather than created by single sign-on, or anyone
 * with a password); and whether visitors may chat without signing in.
 */
export async function authOptions(): Promise<AuthOptions> {
  const db = await prisma();
  const local = await db.user.findFirst({
    where: { OR: [{ oidcSubject: null }, { passwordHash: { not: null } }] },
    select: { id: true },
  });
  return { oidc: Boolean(config().OIDC_ISSUER), password: local !== null, anonymous: await anonymousAccess() };
}
