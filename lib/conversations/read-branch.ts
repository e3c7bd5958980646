import 'server-only';
import { prisma } from '@/lib/db';
import type { Message } from '@/lib/db/generated/client';
import type { FeedbackRating } from '@/lib/schemas/feedback';

export type BranchMessage = Pick<
  Message,
  'id' | 'parentId' | 'role' | 'parts' | 'status' | 'model' | 'usage' | 'metadata' | 'createdAt' | 'updatedAt'
> & {
  /** The ids of this message's versions (itself included, oldest first): the messages with its parent. */
  versions: string[];
  /** The owner's rating of a reply, if any. */
  feedback: { rating: FeedbackRating; comment: string | null } | null;
};

/**
 * The branch that ends at `headId`, first message first: each message's parent, back to
 * the first question. A conversation's messages form a tree (an edited question or a
 * regenerated reply is a sibling of the one it replaces); what is on show is one path
 * through it.
 */
export async function readBranch(conversationId: string, headId: string | null): Promise<BranchMessage[]> {
  if (!headId) return [];
  const db = await prisma();
  // Versions of a first question are the conversation's other first questions (no parent).
  return db.$queryRaw<BranchMessage[]>`
    WITH RECURSIVE branch AS (
      SELECT m.*, 1 AS depth FROM messages m WHERE m.id = ${headId}::uuid AND m.conversation_id = ${conversationId}::uuid
      UNION ALL
      SELECT m.*, b.depth + 1 FROM branch b JOIN messages m ON m.id = b.parent_id
    )
    SELECT b.id::text AS id, b.parent_id::text AS "parentId", b.role::text AS role, b.parts, b.status::text AS status,
      b.model, b.usage, b.metadata, b.created_at AS "createdAt", b.updated_at AS "updatedAt", v.versions,
      CASE WHEN f.message_id IS NOT NULL THEN jsonb_build_object('rating', f.rating, 'comment', f.comment) END AS feedback
    FROM branch b
    LEFT JOIN message_feedback f ON f.message_id = b.id
    CROSS JOIN LATERAL (
      SELECT array_agg(s.id::text ORDER BY s.created_at, s.id) AS versions FROM (
        SELECT id, created_at FROM messages WHERE b.parent_id IS NOT NULL AND parent_id = b.parent_id
        UNION ALL
        SELECT id, created_at FROM messages WHERE b.parent_id IS NULL AND conversation_id = ${conversationId}::uuid AND parent_id IS NULL
      ) s
    ) v
    ORDER BY b.depth DESC`;
}
