import 'server-only';
import { randomUUID } from 'node:crypto';
import { prisma } from '@/lib/db';
import type { Principal } from './principal';
import { ADMIN_SESSION_SECONDS, adminCookie, readAdminCookie } from './session-cookies';

/**
 * Admin sign-ins of the browser pages. The cookie is signed, and also names a session row:
 * signing out deletes the row, so a copy of the cookie (a shared machine, a stolen
 * cookie) stops working at once instead of at its expiry; revoking the key ends its
 * sessions too. Returns the Set-Cookie header.
 */
export async function startAdminSession(keyId: string, secure: boolean): Promise<string> {
  const db = await prisma();
  const session = { id: randomUUID(), keyId, expiresAt: new Date(Date.now() + ADMIN_SESSION_SECONDS * 1000) };
  await db.adminSession.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  await db.adminSession.create({ data: { id: session.id, apiKeyId: keyId, expiresAt: session.expiresAt } });
  return adminCookie(session, secure);
}

/** The admin behind a session cookie, while the session is open and its key is an active admin key. */
export async function adminOfSession(cookie: string | undefined): Promise<Principal | null> {
  const claim = await readAdminCookie(cookie);
  if (!claim) return null;
  const db = await prisma();
  const session = await db.adminSession.findUnique({
    where: { id: claim.sessionId },
    select: {
      expiresAt: true,
      apiKey: {
        select: {
          id: true,
          revokedAt: true,
          role: true,
          principal: { select: { id: true, role: true, kind: true, name: true, user: { select: { status: true } } } },
        },
      },
    },
  });
  const key = session?.apiKey;
  if (
    !session ||
    session.expiresAt <= new Date() ||
    !key ||
    key.id !== claim.keyId ||
    key.revokedAt ||
    key.role !== 'admin' ||
    key.principal.role !== 'admin' ||
    (key.principal.user && key.principal.user.status !== 'active')
  )
    return null;
  const { user: _user, ...principal } = key.principal;
  return { ...principal, via: 'admin-cookie', keyId: key.id };
}

export async function endAdminSession(cookie: string | undefined): Promise<void> {
  const claim = await readAdminCookie(cookie);
  if (!claim) return;
  const db = await prisma();
  await db.adminSession.deleteMany({ where: { id: claim.sessionId } });
}
