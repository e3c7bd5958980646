import 'server-only';
import { v7 as uuidv7 } from 'uuid';
import { getSessionSecret } from './session-secret';
import { sign, verify } from './signed-cookie';

export const ANON_COOKIE = 'gw_visitor';
export const ADMIN_COOKIE = 'gw_admin';

const YEAR = 365 * 24 * 3600;
export const ADMIN_SESSION_SECONDS = 12 * 3600;

interface AnonPayload {
  sub: string;
  exp: number;
}
interface AdminPayload {
  kid: string;
  sid: string;
  exp: number;
}

/** Every cookie of ours: httpOnly, SameSite=Lax, Secure when the request came over HTTPS. */
export function cookieHeader(name: string, value: string, maxAge: number, secure: boolean, path = '/'): string {
  return [
    `${name}=${value}`,
    `Path=${path}`,
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAge}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** A new anonymous visitor identity; the principal row is created on first use. */
export async function newVisitorCookie(
  secure: boolean,
): Promise<{ principalId: string; header: string; value: string }> {
  const principalId = uuidv7();
  const value = sign(
    { sub: principalId, exp: Math.floor(Date.now() / 1000) + YEAR } satisfies AnonPayload,
    await getSessionSecret(),
  );
  return { principalId, value, header: cookieHeader(ANON_COOKIE, value, YEAR, secure) };
}

export async function readVisitorCookie(value: string | undefined): Promise<string | null> {
  return verify<AnonPayload>(value, await getSessionSecret())?.sub ?? null;
}

/** The signed admin cookie of a session (lib/auth/admin-sessions.ts keeps the session itself). */
export async function adminCookie(
  session: { keyId: string; id: string; expiresAt: Date },
  secure: boolean,
): Promise<string> {
  const value = sign(
    { kid: session.keyId, sid: session.id, exp: Math.floor(session.expiresAt.getTime() / 1000) } satisfies AdminPayload,
    await getSessionSecret(),
  );
  return cookieHeader(ADMIN_COOKIE, value, ADMIN_SESSION_SECONDS, secure);
}

export async function readAdminCookie(value: string | undefined): Promise<{ keyId: string; sessionId: string } | null> {
  const payload = verify<AdminPayload>(value, await getSessionSecret());
  return payload?.kid && payload.sid ? { keyId: payload.kid, sessionId: payload.sid } : null;
}

export function clearCookie(name: string): string {
  return `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
}

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
