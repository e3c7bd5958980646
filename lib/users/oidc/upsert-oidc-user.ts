import 'server-only';
import { config } from '@/lib/config';
import { Prisma, prisma } from '@/lib/db';
import { log } from '@/lib/log';
import { OidcRefusal } from './oidc-refusal';
import { syncProviderGroups } from './sync-provider-groups';

/** Who the provider says signed in, already checked (verified email, allowed domain). */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  /** Normalised (lib/users/normalise-email.ts). */
  email: string;
  name: string | null;
  groups: string[];
}

type Tx = Prisma.TransactionClient;

/**
 * The account of a person signing in through the provider, created at their first sign-in:
 * found by the provider's (issuer, subject) first, else by email (an invited account is
 * linked), else made. Role and provider groups follow the claims at every sign-in. Returns
 * the user id; a disabled account is refused before anything changes.
 */
export async function upsertOidcUser(identity: OidcIdentity): Promise<string> {
  const db = await prisma();
  const run = () => db.$transaction((tx) => upsertIn(tx, identity));
  try {
    return await run();
  } catch (error) {
    // The same person's first sign-in in two tabs at once: the other one created the rows first.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return run();
    throw error;
  }
}

async function upsertIn(tx: Tx, identity: OidcIdentity): Promise<string> {
  const { issuer, subject, email, name, groups } = identity;
  const select = { id: true, email: true, status: true, oidcIssuer: true, oidcSubject: true } as const;
  let user = await tx.user.findUnique({
    where: { oidcIssuer_oidcSubject: { oidcIssuer: issuer, oidcSubject: subject } },
    select,
  });
  if (!user) {
    user = await tx.user.findUnique({ where: { email }, select });
    // Someone else at a provider already owns this account: an email reassigned to a new person
    // must not inherit the old one's conversations.
    if (user?.oidcSubject) {
      throw new OidcRefusal(
        'account_conflict',
        `${email} is linked to ${user.oidcIssuer} subject ${user.oidcSubject}, not ${subject}`,
      );
    }
  }
  if (user?.status === 'disabled') throw new OidcRefusal('account_disabled', `user ${user.id} is disabled`);

  // With OIDC_ADMIN_GROUPS set, the provider decides who is an admin, at every sign-in; without
  // it, roles are the admins' to give, and a new account starts as a member.
  const adminGroups = config().OIDC_ADMIN_GROUPS;
  const role = adminGroups.length > 0 ? (groups.some((g) => adminGroups.includes(g)) ? 'admin' : 'user') : undefined;

  let userId: string;
  if (user) {
    userId = user.id;
    const emailTaken = user.email !== email && (await tx.user.findUnique({ where: { email }, select: { id: true } }));
    if (emailTaken) log.warn('single sign-on: new email belongs to another account; kept the old one', { userId });
    await tx.user.update({
      where: { id: userId },
      data: { oidcIssuer: issuer, oidcSubject: subject, ...(emailTaken ? {} : { email }) },
    });
    await tx.principal.update({
      where: { id: userId },
      data: { ...(name ? { name } : {}), ...(role ? { role } : {}) },
    });
  } else {
    const principal = await tx.principal.create({ data: { kind: 'user', role: role ?? 'user', name } });
    await tx.user.create({ data: { id: principal.id, email, oidcIssuer: issuer, oidcSubject: subject } });
    userId = principal.id;
    log.info('single sign-on: account created', { userId, issuer });
  }
  await syncProviderGroups(tx, userId, groups);
  return userId;
}
