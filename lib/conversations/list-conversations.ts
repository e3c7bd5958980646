import 'server-only';
import { prisma } from '@/lib/db';
import { decodeCursor, encodeCursor } from '@/lib/schemas/common';
import { presentSummary } from './present-conversation';

/** The owner's conversations, most recently active first, keyset-paginated. */
export async function listConversations({ ownerId, limit, cursor }: { ownerId: string; limit: number; cursor?: string }) {
  const after = decodeCursor(cursor);
  const db = await prisma();
  const rows = await db.conversation.findMany({
    where: {
      ownerId,
      ...(after
        ? { OR: [{ updatedAt: { lt: after.at } }, { updatedAt: after.at, id: { lt: after.id } }] }
        : {}),
    },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(presentSummary),
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.updatedAt, id: last.id }) : null,
  };
}
