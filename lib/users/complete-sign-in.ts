import 'server-only';
import { prisma } from '@/lib/db';
import { log } from '@/lib/log';
import { ANON_COOKIE, clearCookie, readCookie, readVisitorCookie } from '@/lib/auth/session-cookies';
import { endUserSession, startUserSession, USER_COOKIE } from './user-sessions';

/**
 * What every sign-in ends with (password, invitation, single sign-on): the session this browser
 * brought ends (a session id is never carried across a sign-in), a new one starts for the
 * user, and the conversations this browser had as an anonymous visitor move to the account, so
 * nothing asked before signing in is lost. Returns the Set-Cookie headers: the session's, and
 * one clearing the visitor cookie (signing out later starts a fresh visitor).
 */
export async function completeSignIn(req: Request, userId: string): Promise<string[]> {
  const visitorId = await readVisitorCookie(readCookie(req, ANON_COOKIE));
  if (visitorId && visitorId !== userId) {
    const db = await prisma();
    const moved = await db.conversation.updateMany({ where: { ownerId: visitorId }, data: { ownerId: userId } });
    if (moved.count > 0) log.info('visitor conversations moved to account', { userId, count: moved.count });
  }
  await endUserSession(readCookie(req, USER_COOKIE));
  const { setCookie } = await startUserSession(userId, req);
  return [setCookie, clearCookie(ANON_COOKIE)];
}
