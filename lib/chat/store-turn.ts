import 'server-only';
import { v7 as uuidv7 } from 'uuid';
import { prisma } from '@/lib/db';

/**
 * Writes one turn as a single statement (atomic on its own, one round trip on
 * the hot path): the user's message – unless it is already stored (regenerate) –
 * the empty `streaming` reply, the removal of a replaced reply, and the
 * conversation's title (if it has none) and recency.
 */
export async function storeTurn(turn: {
  conversationId: string;
  /** The new question; omitted when the stored one is answered again. */
  question?: { text: string; createdAt: Date };
  reply: { id: string; model: string; createdAt: Date };
  replacedReplyId?: string;
  title: string;
}): Promise<void> {
  const db = await prisma();
  const { conversationId, question, reply } = turn;
  const userParts = JSON.stringify([{ type: 'text', text: question?.text ?? '' }]);
  await db.$executeRaw`
    WITH removed AS (
      DELETE FROM messages WHERE id = ${turn.replacedReplyId ?? null}::uuid AND conversation_id = ${conversationId}::uuid
    ), asked AS (
      INSERT INTO messages (id, conversation_id, role, parts, status, created_at, updated_at)
      SELECT ${uuidv7()}::uuid, ${conversationId}::uuid, 'user', ${userParts}::jsonb, 'complete', ${question?.createdAt ?? null}::timestamptz, ${question?.createdAt ?? null}::timestamptz
      WHERE ${question !== undefined}::boolean
    ), answering AS (
      INSERT INTO messages (id, conversation_id, role, parts, status, model, created_at, updated_at)
      VALUES (${reply.id}::uuid, ${conversationId}::uuid, 'assistant', '[]'::jsonb, 'streaming', ${reply.model}, ${reply.createdAt}::timestamptz, ${reply.createdAt}::timestamptz)
    )
    UPDATE conversations SET title = COALESCE(title, ${turn.title}), updated_at = now() WHERE id = ${conversationId}::uuid`;
}
