import 'server-only';
import { Prisma, prisma } from '@/lib/db';
import { escapeLike } from '@/lib/db/like-pattern';
import { decodeCursor, keysetPage } from '@/lib/schemas/common';
import { presentSummary } from './present-conversation';

interface Row {
  id: string;
  title: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The owner's conversations, most recently active first, keyset-paginated. With `q`, only those
 * whose title or the text of a message on show contains it, ignoring case: the text is matched
 * literally (`%` and `_` are no wildcards). Versions left behind by an edit or a regeneration are
 * not on show, and a conversation found for one of them would open without the words.
 */
export async function listConversations({
  ownerId,
  limit,
  cursor,
  q,
}: {
  ownerId: string;
  limit: number;
  cursor?: string;
  q?: string;
}) {
  const after = decodeCursor(cursor);
  const db = await prisma();
  const before = after
    ? Prisma.sql`AND (c.updated_at, c.id) < (${after.at}::timestamptz, ${after.id}::uuid)`
    : Prisma.empty;
  // Parts are AI SDK UIMessage parts: only `text` parts hold what was said. The branch on show is
  // the head's line of parents.
  const pattern = q === undefined ? undefined : `%${escapeLike(q)}%`;
  const match = pattern
    ? Prisma.sql`AND (c.title ILIKE ${pattern} OR EXISTS (
        WITH RECURSIVE shown AS (
          SELECT m.parent_id, m.parts FROM messages m WHERE m.id = c.head_id
          UNION ALL
          SELECT m.parent_id, m.parts FROM shown s JOIN messages m ON m.id = s.parent_id
        )
        SELECT 1 FROM shown m
        CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(m.parts) = 'array' THEN m.parts ELSE '[]'::jsonb END) p
        WHERE p->>'type' = 'text' AND p->>'text' ILIKE ${pattern}
      ))`
    : Prisma.empty;
  const rows = await db.$queryRaw<Row[]>`
    SELECT c.id::text AS id, c.title, c.created_at AS "createdAt", c.updated_at AS "updatedAt"
    FROM conversations c
    WHERE c.owner_id = ${ownerId}::uuid ${before} ${match}
    ORDER BY c.updated_at DESC, c.id DESC
    LIMIT ${limit + 1}`;
  const { page, nextCursor } = keysetPage(rows, limit, (row) => ({ at: row.updatedAt, id: row.id }));
  return { data: page.map(presentSummary), nextCursor };
}
