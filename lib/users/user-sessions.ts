import 'server-only';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { prisma } from '@/lib/db';
import type { Principal } from '@/lib/auth/principal';
import { cookieHeader } from '@/lib/auth/session-cookies';

export const USER_COOKIE = 'gw_session';
/** A session lasts this long after its last use (sliding), and never more than MAX_SESSION_DAYS from sign-in. */
const IDLE_DAYS = 14;
const MAX_SESSION_DAYS = 90;
const DAY = 24 * 3600 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const sessionCookie = (value: string, maxAgeSeconds: number, secure: boolean) =>
  cookieHeader(USER_COOKIE, value, maxAgeSeconds, secure);

export const clearSessionCookie = (secure = false) => sessionCookie('', 0, secure);

/**
 * Signs a user in: a new session row named by a new random token (never one the browser
 * brought, so a planted cookie cannot be fixed in place), and the Set-Cookie that carries it.
 * The row keeps only the token's SHA-256. `Secure` when the request came over HTTPS.
 */
export async function startUserSession(
  userId: string,
  req: Request,
): Promise<{ sessionId: string; setCookie: string }> {
  const db = await prisma();
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  const now = Date.now();
  await db.userSession.deleteMany({ where: { expiresAt: { lt: new Date(now) } } });
  await db.userSession.create({
    data: {
      id,
      userId,
      tokenHash: hashToken(token),
      userAgent: req.headers.get('user-agent')?.slice(0, 300) ?? null,
      expiresAt: new Date(now + IDLE_DAYS * DAY),
    },
  });
  await db.user.update({ where: { id: userId }, data: { lastSeenAt: new Date(now) } });
  const secure = new URL(req.url).protocol === 'https:';
  return { sessionId: id, setCookie: sessionCookie(token, IDLE_DAYS * 24 * 3600, secure) };
}

/**
 * The user behind a session cookie: the session exists and has not expired, and the user is
 * active (disabling a user ends their sessions at once). Use refreshes the expiry and the
 * user's last-seen time, at most once a minute.
 */
export async function userOfSession(token: string | undefined): Promise<Principal | null> {
  if (!token || token.length > 100) return null;
  const db = await prisma();
  const session = await db.userSession.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      createdAt: true,
      lastSeenAt: true,
      expiresAt: true,
      user: { select: { id: true, status: true, principal: { select: { role: true, kind: true, name: true } } } },
    },
  });
  const now = Date.now();
  if (!session || session.expiresAt.getTime() <= now || session.user.status !== 'active') return null;
  if (now - session.lastSeenAt.getTime() > 60_000) {
    const expiresAt = new Date(Math.min(now + IDLE_DAYS * DAY, session.createdAt.getTime() + MAX_SESSION_DAYS * DAY));
    await db
      .$transaction([
        db.userSession.update({ where: { id: session.id }, data: { lastSeenAt: new Date(now), expiresAt } }),
        db.user.update({ where: { id: session.user.id }, data: { lastSeenAt: new Date(now) } }),
      ])
      .catch(() => {});
  }
  const { principal } = session.user;
  return { id: session.user.id, ...principal, via: 'user-cookie', sessionId: session.id };
}

/** Signs one browser out: its session row goes, so a copy of the cookie stops working too. */
export async function endUserSession(token: string | undefined): Promise<void> {
  if (!token || token.length > 100) return;
  const db = await prisma();
  await db.userSession.deleteMany({ where: { tokenHash: hashToken(token) } });
}

/** "Sign out everywhere", and what disabling a user does: every session of the user ends. */
export async function endAllUserSessions(userId: string): Promise<number> {
  const db = await prisma();
  return (await db.userSession.deleteMany({ where: { userId } })).count;
}
