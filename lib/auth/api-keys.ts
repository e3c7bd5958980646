import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { prisma } from '@/lib/db';
import type { PrincipalKind, Role } from '@/lib/db/generated/enums';
import { decodeCursor, keysetPage } from '@/lib/schemas/common';

/** Keys look like `gwk_<43 base64url chars>`; only their SHA-256 is stored. */
export const KEY_PREFIX = 'gwk_';

export function generateKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export interface ApiKeyView {
  id: string;
  name: string;
  role: Role;
  prefix: string;
  principalId: string;
  collectionIds: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const keyView = {
  id: true,
  name: true,
  role: true,
  prefix: true,
  principalId: true,
  collectionIds: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

/**
 * Creates a key; the plain key is returned once and never stored. A standalone key gets a
 * principal of its own; a person's key (`principalId`: the user's id) acts as that person, with
 * their role, no more. `collectionIds` narrows what it reads (the caller checked each is readable).
 */
export async function createApiKey(input: {
  name: string;
  role: Role;
  key?: string;
  principalId?: string;
  collectionIds?: string[];
}): Promise<ApiKeyView & { key: string }> {
  const db = await prisma();
  const key = input.key ?? generateKey();
  const created = await db.$transaction(async (tx) => {
    const principalId =
      input.principalId ??
      (await tx.principal.create({ data: { kind: 'key', role: input.role, name: input.name } })).id;
    return tx.apiKey.create({
      data: {
        principalId,
        name: input.name,
        role: input.role,
        hash: hashKey(key),
        prefix: key.slice(0, 12),
        collectionIds: [...new Set(input.collectionIds ?? [])],
      },
      select: keyView,
    });
  });
  return { ...created, key };
}

/**
 * Keys newest first, keyset-paginated as every listing is (`cursor`: the `nextCursor` of the page
 * before); only one person's with `principalId`.
 */
export async function listApiKeys({
  limit,
  cursor,
  principalId,
}: {
  limit: number;
  cursor?: string;
  principalId?: string;
}): Promise<{ keys: ApiKeyView[]; nextCursor: string | null }> {
  const after = decodeCursor(cursor);
  const db = await prisma();
  const rows = await db.apiKey.findMany({
    select: keyView,
    where: {
      ...(principalId ? { principalId } : {}),
      ...(after ? { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  });
  const { page, nextCursor } = keysetPage(rows, limit, (key) => ({ at: key.createdAt, id: key.id }));
  return { keys: page, nextCursor };
}

export class LastAdminKeyError extends Error {
  override name = 'LastAdminKeyError';
  constructor() {
    super(
      'This is the last active admin key: create another admin key before revoking it, or nobody can manage the service.',
    );
  }
}

/**
 * Revokes at once: the next request with that key gets 401, and its admin sessions end.
 * Again: a no-op. False if there is no such key. The last active admin key
 * is never revoked: LastAdminKeyError. The active admin keys are locked while checking, so two
 * admins revoking each other's keys at once cannot both succeed.
 */
export async function revokeApiKey(id: string): Promise<boolean> {
  const db = await prisma();
  return db.$transaction(async (tx) => {
    const admins = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text AS id FROM api_keys WHERE role = 'admin' AND revoked_at IS NULL ORDER BY id FOR UPDATE`;
    if (admins.length === 1 && admins[0]!.id === id) throw new LastAdminKeyError();
    const result = await tx.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
    if (result.count > 0) return true;
    return (await tx.apiKey.count({ where: { id } })) > 0;
  });
}

/** Whether a key belongs to this principal (a person revoking their own keys: others' are unknown to them). */
export async function isKeyOf(id: string, principalId: string): Promise<boolean> {
  const db = await prisma();
  return (await db.apiKey.count({ where: { id, principalId } })) > 0;
}

/**
 * The active key with this value and its principal, in one query (it runs on every API request);
 * null if unknown, revoked, or its user is disabled. The role it acts with is never more than its
 * principal's now (a key of a user who is no longer an admin is a member's key).
 */
export async function findActiveKey(key: string): Promise<{
  id: string;
  role: Role;
  collectionIds: string[];
  principal: KeyPrincipal;
} | null> {
  const db = await prisma();
  const [found] = await db.$queryRaw<
    {
      id: string;
      role: Role;
      last_used_at: Date | null;
      collection_ids: string[];
      principal_id: string;
      principal_role: Role;
      kind: PrincipalKind;
      name: string | null;
    }[]
  >`
    SELECT k.id::text AS id, k.role::text AS role, k.last_used_at, k.collection_ids::text[] AS collection_ids,
      p.id::text AS principal_id, p.role::text AS principal_role, p.kind::text AS kind, p.name
    FROM api_keys k JOIN principals p ON p.id = k.principal_id
    LEFT JOIN users u ON u.id = p.id
    WHERE k.hash = ${hashKey(key)} AND k.revoked_at IS NULL AND (u.id IS NULL OR u.status = 'active')`;
  if (!found) return null;
  // Throttle last-used writes to one a minute per key.
  if (!found.last_used_at || Date.now() - found.last_used_at.getTime() > 60_000) {
    await db.apiKey.update({ where: { id: found.id }, data: { lastUsedAt: new Date() } }).catch(() => {});
  }
  const role: Role = found.role === 'admin' && found.principal_role === 'admin' ? 'admin' : 'user';
  return {
    id: found.id,
    role,
    collectionIds: found.collection_ids,
    principal: { id: found.principal_id, role, kind: found.kind, name: found.name },
  };
}

interface KeyPrincipal {
  id: string;
  role: Role;
  kind: PrincipalKind;
  name: string | null;
}
