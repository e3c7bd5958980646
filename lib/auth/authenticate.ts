import 'server-only';
import { prisma } from '@/lib/db';
import { ApiError } from '@/lib/http/api-error';
import { anonymousAccess } from '@/lib/access/anonymous-access';
import { USER_COOKIE, userOfSession } from '@/lib/users/user-sessions';
import { findActiveKey } from './api-keys';
import { adminOfSession } from './admin-sessions';
import type { Principal } from './principal';
import { ADMIN_COOKIE, ANON_COOKIE, readCookie, readVisitorCookie } from './session-cookies';

export type { Principal } from './principal';

const unauthorized = (detail: string) =>
  new ApiError('unauthorized', detail, { headers: { 'www-authenticate': 'Bearer realm="api"' } });

/**
 * Who is calling: a Bearer API key, else a signed-in user's session cookie, else the admin
 * session cookie, else the anonymous visitor cookie (while anonymous access is on). Returns null
 * when the request carries none of them.
 */
export async function authenticate(req: Request): Promise<Principal | null> {
  const authorization = req.headers.get('authorization');
  if (authorization !== null) {
    const match = /^Bearer\s+(\S{1,512})\s*$/i.exec(authorization);
    if (!match?.[1]) throw unauthorized('The Authorization header must be "Bearer <API key>".');
    const key = await findActiveKey(match[1]);
    if (!key) throw unauthorized('The API key is invalid or has been revoked.');
    return { ...key.principal, via: 'bearer', keyId: key.id, collectionIds: key.collectionIds };
  }

  // A disabled user, or a signed-out session, ends the cookie's rights at once.
  const user = await userOfSession(readCookie(req, USER_COOKIE));
  if (user) return user;

  // A signed-out session, or a revoked key, ends the cookie's admin rights at once.
  const admin = await adminOfSession(readCookie(req, ADMIN_COOKIE));
  if (admin) return admin;

  const visitorId = await readVisitorCookie(readCookie(req, ANON_COOKIE));
  if (visitorId && (await anonymousAccess())) {
    const db = await prisma();
    // A new visitor's first requests arrive together: an upsert would race them into a unique
    // violation (a 500 on PostgreSQL), so the row is inserted unless it exists, then read.
    await db.$executeRaw`INSERT INTO principals (id, kind, role) VALUES (${visitorId}::uuid, 'anonymous', 'user') ON CONFLICT (id) DO NOTHING`;
    const principal = await db.principal.findUniqueOrThrow({
      where: { id: visitorId },
      select: { id: true, role: true, kind: true, name: true },
    });
    return { ...principal, via: 'visitor-cookie' };
  }
  return null;
}

export async function requirePrincipal(req: Request): Promise<Principal> {
  const principal = await authenticate(req);
  if (!principal) throw unauthorized('Send "Authorization: Bearer <API key>", or use the web app.');
  return principal;
}
