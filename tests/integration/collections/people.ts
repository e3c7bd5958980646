import { randomUUID } from 'node:crypto';
import { generateKey, hashKey } from '@/lib/auth/api-keys';
import { newVisitorCookie } from '@/lib/auth/session-cookies';
import { prisma } from '@/lib/db';
import { startUserSession } from '@/lib/users/user-sessions';
import { api, BASE, bodyOf } from '../../support/http';

export interface Person {
  id: string;
  email: string;
  /** The `gw_session` cookie of a signed-in browser. */
  cookie: string;
  /** An API key acting for them. */
  key: string;
}

/** A person with an account, signed in (a session cookie) and with a key of their own. */
export async function newPerson(role: 'admin' | 'user' = 'user'): Promise<Person> {
  const db = await prisma();
  const email = `p-${randomUUID().slice(0, 8)}@example.com`;
  const principal = await db.principal.create({ data: { kind: 'user', role, name: email.split('@')[0] } });
  await db.user.create({ data: { id: principal.id, email } });
  const { setCookie } = await startUserSession(principal.id, new Request(BASE));
  const key = generateKey();
  await db.apiKey.create({
    data: { principalId: principal.id, name: 'own key', role, hash: hashKey(key), prefix: key.slice(0, 12) },
  });
  return { id: principal.id, email, cookie: setCookie.split(';')[0]!, key };
}

/** A browser that never signed in: its visitor cookie (read only while anonymous access is on). */
export async function newVisitor(): Promise<string> {
  return `gw_visitor=${(await newVisitorCookie(false)).value}`;
}

export async function newGroup(admin: string, members: Person[], name = `Group ${randomUUID().slice(0, 8)}`) {
  const created = await bodyOf<{ id: string }>(await api('POST', '/api/groups', { key: admin, json: { name } }));
  const res = await api('PUT', `/api/groups/${created.id}/members`, {
    key: admin,
    json: { userIds: members.map((m) => m.id) },
  });
  if (res.status !== 200) throw new Error(`members: ${res.status}`);
  return created.id;
}

export interface CollectionView {
  id: string;
  name: string;
  visibility: string;
  readerGroupIds: string[];
  editorGroupIds: string[];
  sourceCount: number;
  chunkCount: number;
  canEdit: boolean;
  isDefault: boolean;
}

export async function newCollection(admin: string, body: Record<string, unknown>): Promise<CollectionView> {
  const res = await api('POST', '/api/collections', {
    key: admin,
    json: { name: `Collection ${randomUUID().slice(0, 8)}`, ...body },
  });
  if (res.status !== 201) throw new Error(`collection: ${res.status} ${await res.text()}`);
  return bodyOf<CollectionView>(res);
}
