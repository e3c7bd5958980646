import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { api, bodyOf } from '../../support/http';

export const ORIGIN = { origin: 'http://localhost:3000' };
export const PASSWORD = 'correct horse battery staple';

/** A unique email for one test: the database is shared by the file's tests. */
export const freshEmail = (who = 'person') => `${who}-${randomUUID().slice(0, 8)}@example.com`;

/** The cookie a response sets, as a browser would send it back (`name=value`), or undefined. */
export function cookieFrom(res: Response, name: string): string | undefined {
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  const pair = set?.split(';')[0];
  return pair && pair !== `${name}=` ? pair : undefined;
}

/** Invites a person as the admin; returns the user and the token of the invitation link. */
export async function invite(adminKey: string, body: Record<string, unknown>) {
  const res = await api('POST', '/api/users', { key: adminKey, json: body });
  expect(res.status).toBe(201);
  const { user, invitationUrl } = await bodyOf<{ user: { id: string; email: string }; invitationUrl: string }>(res);
  return { user, token: invitationUrl.split('/').at(-1)!, invitationUrl };
}

/** Accepts an invitation with a password; returns the response and the session cookie it set. */
export async function accept(token: string, password = PASSWORD, cookie?: string) {
  const res = await api('POST', `/api/invitations/${token}`, { json: { password }, cookie, headers: ORIGIN });
  return { res, session: cookieFrom(res, 'gw_session') };
}

/** An invited person who has set their password: their id, email and signed-in cookie. */
export async function member(adminKey: string, role: 'admin' | 'member' = 'member') {
  const email = freshEmail(role);
  const { user, token } = await invite(adminKey, { email, name: `Test ${role}`, role });
  const { res, session } = await accept(token);
  expect(res.status).toBe(200);
  return { id: user.id, email, cookie: session! };
}

export async function signIn(email: string, password: string, options: { peer?: string; cookie?: string } = {}) {
  const headers: Record<string, string> = { ...ORIGIN, 'x-request-id': 'same-request-id' };
  if (options.peer) headers['x-groundwork-peer'] = options.peer;
  const res = await api('POST', '/api/auth/password', { json: { email, password }, cookie: options.cookie, headers });
  return { res, session: cookieFrom(res, 'gw_session') };
}
