import 'server-only';
import { collectionNotFound, narrowReach, reachSql, readableCollections, type Reach } from '@/lib/access';
import type { Principal } from '@/lib/auth/principal';
import { Prisma, prisma } from '@/lib/db';

/**
 * A conversation's scope as asked for: each collection must be one the caller may read now, else
 * 404 exactly as an unknown collection. Empty: every collection the owner may read.
 */
export async function checkedScope(principal: Principal, collectionIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(collectionIds)];
  if (ids.length === 0) return [];
  const known = await readableAmong(await readableCollections(principal), ids);
  if (known.length < ids.length) throw collectionNotFound();
  return ids;
}

/** Of these collection ids, those that exist and the reach reads, in the order given. */
export async function readableAmong(reach: Reach, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const db = await prisma();
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT c.id::text AS id FROM collections c
    WHERE c.id = ANY(${ids}::uuid[]) AND ${reachSql(reach, Prisma.sql`c.id`)}`;
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => found.has(id));
}

/**
 * What the reply to a message may retrieve: what the caller may read at this moment, narrowed to
 * the conversation's scope. Computed at every send (a regenerate too), never cached: a person
 * removed from a group stops getting its passages at their next message. A scope none of whose
 * collections may still be read retrieves nothing (it never widens to everything).
 */
export async function replyReach(principal: Principal, conversationId: string): Promise<Reach> {
  const db = await prisma();
  const [readable, conversation] = [
    await readableCollections(principal),
    await db.conversation.findFirst({
      where: { id: conversationId, ownerId: principal.id },
      select: { collectionIds: true },
    }),
  ];
  return narrowReach(readable, conversation?.collectionIds);
}
