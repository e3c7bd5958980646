import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { generateKey, hashKey } from '@/lib/auth/api-keys';
import { newVisitorCookie } from '@/lib/auth/session-cookies';
import { prisma } from '@/lib/db';
import type { Role } from '@/lib/db/generated/enums';
import { forgetCorpusStats } from '@/lib/knowledge/index';
import { startUserSession } from '@/lib/users/user-sessions';
import { api, bodyOf, newKey, type CallOptions } from '../../support/http';
import { withSettings } from '../../support/with-settings';
import { seedSource } from '../knowledge/seed-chunks';

/**
 * A small organisation for access tests: three collections (public, every member, one group),
 * each with a source whose title and text carry a secret word of its own, and people and keys who
 * reach different sets of them. Rows are written directly: these tests are about reading.
 */
export type Shelf = 'public' | 'members' | 'hr';

export interface Caller {
  name: string;
  /** What a request of theirs carries. */
  auth: Pick<CallOptions, 'key' | 'cookie'>;
  /** ANONYMOUS_ACCESS while they call (visitors only). */
  anonymous?: 'on' | 'off';
  /** The shelves they may read; null: they get 401. */
  reads: Shelf[] | null;
  admin?: boolean;
}

export interface Org {
  tag: string;
  collections: Record<Shelf, string>;
  sources: Record<Shelf, string>;
  secrets: Record<Shelf, string>;
  hrGroup: string;
  /** A person in the HR group. */
  alice: string;
  /** A person in another group. */
  bob: string;
  callers: Record<
    'anonymousOn' | 'anonymousOff' | 'userCookie' | 'userKey' | 'narrowedKey' | 'admin' | 'narrowedAdmin',
    Caller
  >;
}

/** The question every source answers, each with its own code: none of its words is a secret. */
export const QUESTION = 'What is the vault code?';

export async function keyFor(principalId: string, role: Role, collectionIds: string[] = []): Promise<string> {
  const key = generateKey();
  const db = await prisma();
  await db.apiKey.create({
    data: { principalId, name: 'test key', role, hash: hashKey(key), prefix: key.slice(0, 12), collectionIds },
  });
  return key;
}

export async function cookieFor(userId: string): Promise<string> {
  const { setCookie } = await startUserSession(userId, new Request('http://localhost:3000/'));
  return setCookie.split(';')[0]!;
}

async function newUser(name: string, tag: string, groupIds: string[]): Promise<string> {
  const db = await prisma();
  const { id } = await db.principal.create({ data: { kind: 'user', role: 'user', name } });
  await db.user.create({ data: { id, email: `${name}-${tag}@example.com` } });
  for (const groupId of groupIds) await db.groupMember.create({ data: { groupId, userId: id } });
  return id;
}

export async function buildOrg(): Promise<Org> {
  const db = await prisma();
  const tag = randomUUID().slice(0, 8);
  const secrets = { public: `quokka${tag}`, members: `wombat${tag}`, hr: `numbat${tag}` };
  const hrGroup = (await db.group.create({ data: { name: `HR ${tag}` } })).id;
  const engGroup = (await db.group.create({ data: { name: `Engineering ${tag}` } })).id;
  const collection = async (shelf: Shelf, visibility: 'public' | 'members' | 'groups') =>
    (await db.collection.create({ data: { name: `${shelf} ${tag}`, visibility } })).id;
  const collections = {
    public: await collection('public', 'public'),
    members: await collection('members', 'members'),
    hr: await collection('hr', 'groups'),
  };
  await db.collectionGroup.create({ data: { collectionId: collections.hr, groupId: hrGroup, access: 'read' } });
  const source = (shelf: Shelf) =>
    seedSource({
      title: `Vault notes ${secrets[shelf]}`,
      texts: [`The vault code is ${secrets[shelf]}. Staff read the vault code from the ${shelf} handbook.`],
      collectionId: collections[shelf],
    });
  const sources = { public: await source('public'), members: await source('members'), hr: await source('hr') };
  forgetCorpusStats();

  const alice = await newUser('alice', tag, [hrGroup]);
  const bob = await newUser('bob', tag, [engGroup]);
  const admin = await newKey('admin');
  const visitor = async () => ({ cookie: `gw_visitor=${(await newVisitorCookie(false)).value}` });
  return {
    tag,
    collections,
    sources,
    secrets,
    hrGroup,
    alice,
    bob,
    callers: {
      anonymousOn: { name: 'anonymous visitor (access on)', auth: await visitor(), anonymous: 'on', reads: ['public'] },
      anonymousOff: { name: 'anonymous visitor (access off)', auth: await visitor(), anonymous: 'off', reads: null },
      userCookie: {
        name: 'user cookie (HR)',
        auth: { cookie: await cookieFor(alice) },
        reads: ['public', 'members', 'hr'],
      },
      userKey: { name: 'user key (no HR)', auth: { key: await keyFor(bob, 'user') }, reads: ['public', 'members'] },
      narrowedKey: {
        name: 'key narrowed to public (of an HR user)',
        auth: { key: await keyFor(alice, 'user', [collections.public]) },
        reads: ['public'],
      },
      admin: { name: 'admin key', auth: { key: admin.key }, reads: ['public', 'members', 'hr'], admin: true },
      narrowedAdmin: {
        name: 'admin key narrowed to members',
        auth: { key: await keyFor(admin.principalId, 'admin', [collections.members]) },
        reads: ['members'],
        admin: true,
      },
    },
  };
}

/** A request as this caller makes it (cookie writes come from the app's own origin). */
export function callAs(who: Caller, method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const call = () =>
    api(method, path, { ...options, ...who.auth, headers: { origin: 'http://localhost:3000', ...options.headers } });
  return who.anonymous ? withSettings({ ANONYMOUS_ACCESS: who.anonymous }, call) : call();
}

/** A new conversation of this caller's (optionally scoped), its id. */
export async function conversationOf(who: Caller, collectionIds?: string[]): Promise<string> {
  const res = await callAs(who, 'POST', '/api/conversations', { json: collectionIds ? { collectionIds } : {} });
  expect(res.status).toBe(201);
  return (await bodyOf<{ id: string }>(res)).id;
}

/** Sends a message and reads the whole streamed reply as text. */
export async function ask(who: Caller, conversationId: string, json: unknown = { content: QUESTION }) {
  const res = await callAs(who, 'POST', `/api/conversations/${conversationId}/messages`, { json });
  return { status: res.status, body: await res.text() };
}

/** The shelves whose secret words (or source ids) appear in a body. */
export function shelvesIn(org: Org, body: string): Shelf[] {
  return (['public', 'members', 'hr'] as const).filter(
    (shelf) => body.includes(org.secrets[shelf]) || body.includes(org.sources[shelf]),
  );
}
