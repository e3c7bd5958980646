import 'server-only';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { prisma, type Prisma } from '@/lib/db';
import type { AccountLinkPurpose } from '@/lib/db/generated/enums';

/** A one-time link is valid this long: time enough to pass it on and for the person to open it. */
export const LINK_DAYS = 7;
const DAY = 24 * 3600 * 1000;
/** 32 random bytes in base64url: what every token this service makes looks like. */
const TOKEN = /^[\w-]{43}$/;

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

type Tx = Prisma.TransactionClient;

/**
 * A new one-time link for a user (an invitation, or a password reset), and the path it opens
 * (`/invitation/<token>`). Earlier unused links of the user die: only the newest one works. Only
 * the token's SHA-256 is stored.
 */
export async function createAccountLink(
  tx: Tx,
  userId: string,
  purpose: AccountLinkPurpose,
): Promise<{ token: string; path: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + LINK_DAYS * DAY);
  await tx.accountLink.deleteMany({ where: { userId, usedAt: null } });
  await tx.accountLink.create({
    data: { id: randomUUID(), userId, purpose, tokenHash: hashLinkToken(token), expiresAt },
  });
  return { token, path: `/invitation/${token}`, expiresAt };
}

export type LinkState =
  | { state: 'valid'; userId: string; purpose: AccountLinkPurpose; email: string; name: string | null }
  | { state: 'gone' } // used, or expired: 410
  | { state: 'invalid' }; // malformed, unknown (a tampered token is unknown), or its user is disabled: 400

/** What a link's token opens, without using it. */
export async function readAccountLink(token: string): Promise<LinkState> {
  if (!TOKEN.test(token)) return { state: 'invalid' };
  const db = await prisma();
  const link = await db.accountLink.findUnique({
    where: { tokenHash: hashLinkToken(token) },
    select: {
      userId: true,
      purpose: true,
      usedAt: true,
      expiresAt: true,
      user: { select: { email: true, status: true, principal: { select: { name: true } } } },
    },
  });
  if (!link || link.user.status !== 'active') return { state: 'invalid' };
  if (link.usedAt || link.expiresAt.getTime() <= Date.now()) return { state: 'gone' };
  return {
    state: 'valid',
    userId: link.userId,
    purpose: link.purpose,
    email: link.user.email,
    name: link.user.principal.name,
  };
}

/**
 * Uses a link inside the caller's transaction: one conditional UPDATE, so of two requests racing
 * with the same token exactly one gets the user's id; the other gets null.
 */
export async function consumeAccountLink(tx: Tx, token: string): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const rows = await tx.$queryRaw<{ user_id: string }[]>`
    UPDATE account_links SET used_at = now()
    WHERE token_hash = ${hashLinkToken(token)} AND used_at IS NULL AND expires_at > now()
    RETURNING user_id::text AS user_id`;
  return rows[0]?.user_id ?? null;
}
