import 'server-only';
import type { Principal } from '@/lib/auth/principal';
import { Prisma, prisma } from '@/lib/db';
import { ApiError } from '@/lib/http/api-error';

/**
 * The collections a principal reaches: all of them, or these ids. The one answer to "what may this
 * caller read?" (readableCollections) and "where may it change sources?" (editableCollections);
 * every query that touches knowledge applies it in its SQL (reachSql), never after ranking.
 */
export type Reach = { all: true } | { all: false; collectionIds: string[] };

const ALL: Reach = { all: true };
const only = (collectionIds: string[]): Reach => ({ all: false, collectionIds });

/** A reach narrowed to some collections (a key's, a conversation's scope): empty `ids` narrows nothing. */
export function narrowReach(reach: Reach, ids: readonly string[] | undefined): Reach {
  if (!ids || ids.length === 0) return reach;
  if (reach.all) return only([...new Set(ids)]);
  const allowed = new Set(reach.collectionIds);
  return only([...new Set(ids)].filter((id) => allowed.has(id)));
}

export function reaches(reach: Reach, collectionId: string): boolean {
  return reach.all || reach.collectionIds.includes(collectionId);
}

/**
 * What a principal may read. Admins: everything. Everyone: `public` collections. Signed-in people
 * and API keys: `members` ones too. A person: also `groups` collections one of their groups reads,
 * and any collection one of their groups edits. A key narrowed to collections reads only those of
 * them its principal reads; `null` (a public route with no caller) reads `public` ones.
 */
export async function readableCollections(principal: Principal | null): Promise<Reach> {
  if (principal?.role === 'admin') return narrowReach(ALL, principal.collectionIds);
  const signedIn = principal !== null && principal.kind !== 'anonymous';
  const userId = principal?.kind === 'user' ? principal.id : null;
  const db = await prisma();
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT c.id::text AS id FROM collections c
    WHERE c.visibility = 'public'
      OR (${signedIn} AND c.visibility = 'members')
      OR (${userId}::uuid IS NOT NULL AND EXISTS (
        SELECT 1 FROM collection_groups cg JOIN group_members gm ON gm.group_id = cg.group_id
        WHERE cg.collection_id = c.id AND gm.user_id = ${userId}::uuid
          AND (cg.access = 'edit' OR c.visibility = 'groups')))`;
  return narrowReach(only(rows.map((r) => r.id)), principal?.collectionIds);
}

/** Where a principal may add, replace, rename, move and delete sources: admins everywhere, people where a group of theirs edits. */
export async function editableCollections(principal: Principal | null): Promise<Reach> {
  if (!principal) return only([]);
  if (principal.role === 'admin') return narrowReach(ALL, principal.collectionIds);
  if (principal.kind !== 'user') return only([]);
  const db = await prisma();
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT DISTINCT cg.collection_id::text AS id FROM collection_groups cg
    JOIN group_members gm ON gm.group_id = cg.group_id
    WHERE gm.user_id = ${principal.id}::uuid AND cg.access = 'edit'`;
  return narrowReach(only(rows.map((r) => r.id)), principal.collectionIds);
}

/**
 * The reach as a condition on a collection id column, for a WHERE clause: `TRUE`, or
 * `column = ANY(ids)` (no ids: `FALSE`).
 */
export function reachSql(reach: Reach, column: Prisma.Sql): Prisma.Sql {
  if (reach.all) return Prisma.sql`TRUE`;
  if (reach.collectionIds.length === 0) return Prisma.sql`FALSE`;
  return Prisma.sql`${column} = ANY(${reach.collectionIds}::uuid[])`;
}

/** A collection the caller cannot read answers exactly as one that does not exist: 404. */
export function collectionNotFound(): ApiError {
  return new ApiError('not_found', 'No such collection.');
}

export async function assertReadableCollection(principal: Principal | null, collectionId: string): Promise<void> {
  const reach = await readableCollections(principal);
  if (!reaches(reach, collectionId)) throw collectionNotFound();
  if (reach.all) {
    const db = await prisma();
    if (!(await db.collection.findUnique({ where: { id: collectionId }, select: { id: true } })))
      throw collectionNotFound();
  }
}
