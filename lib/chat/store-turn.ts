import 'server-only';
import { v7 as uuidv7 } from 'uuid';
import { prisma } from '@/lib/db';

export interface EarlierMessage {
  id: string;
  role: 'system' | 'user' | 'assistant';
  parts: unknown;
  createdAt: Date;
}

/**
 * Writes one turn as a single statement (atomic, one round trip): takes the
 * conversation's reply slot – free, or already this reply's – in the owner's
 * conversation only; removes replaced messages (a regenerated reply, an edited question); stores the user's message (unless
 * the stored one is answered again, on regenerate) and the empty `streaming`
 * reply; names an untitled conversation and marks it recent. Returns the 100 most
 * recent earlier messages, newest first; undefined when the slot could not be
 * taken, and then nothing was written (the caller's slower path says why: 404
 * or 409, or takes back a slot left behind by a dead process).
 */
export async function storeTurn(turn: {
  conversationId: string;
  ownerId: string;
  /** The new question; omitted when the stored one is answered again. */
  question?: { text: string; createdAt: Date };
  reply: { id: string; model: string; createdAt: Date };
  /** Messages this turn takes the place of: the reply being regenerated, or the edited question and its reply. */
  replacedIds?: string[];
  title: string;
}): Promise<EarlierMessage[] | undefined> {
  const db = await prisma();
  const { conversationId, question, reply } = turn;
  const userParts = JSON.stringify([{ type: 'text', text: question?.text ?? '' }]);
  // The writes are not visible to the final SELECT (one snapshot): it reads only what came before.
  const rows = await db.$queryRaw<{ id: string | null; role: EarlierMessage['role'] | null; parts: unknown; created_at: Date | null }[]>`
    WITH claimed AS (
      UPDATE conversations SET active_reply_id = ${reply.id}::uuid, title = COALESCE(title, ${turn.title}), updated_at = now()
      WHERE id = ${conversationId}::uuid AND owner_id = ${turn.ownerId}::uuid
        AND (active_reply_id IS NULL OR active_reply_id = ${reply.id}::uuid)
      RETURNING id
    ), removed AS (
      DELETE FROM messages WHERE id = ANY(${turn.replacedIds ?? []}::uuid[]) AND conversation_id IN (SELECT id FROM claimed)
    ), asked AS (
      INSERT INTO messages (id, conversation_id, role, parts, status, created_at, updated_at)
      SELECT ${uuidv7()}::uuid, id, 'user', ${userParts}::jsonb, 'complete', ${question?.createdAt ?? null}::timestamptz, ${question?.createdAt ?? null}::timestamptz
      FROM claimed WHERE ${question !== undefined}::boolean
    ), answering AS (
      INSERT INTO messages (id, conversation_id, role, parts, status, model, created_at, updated_at)
      SELECT ${reply.id}::uuid, id, 'assistant', '[]'::jsonb, 'streaming', ${reply.model}, ${reply.createdAt}::timestamptz, ${reply.createdAt}::timestamptz
      FROM claimed
    )
    SELECT m.id::text AS id, m.role::text AS role, m.parts, m.created_at
    FROM claimed c LEFT JOIN LATERAL (
      SELECT id, role, parts, created_at FROM messages WHERE conversation_id = c.id
      ORDER BY created_at DESC, id DESC LIMIT 100
    ) m ON true`;
  if (rows.length === 0) return undefined;
  return rows.flatMap((r) => (r.id === null ? [] : [{ id: r.id, role: r.role!, parts: r.parts, createdAt: r.created_at! }]));
}
