import 'server-only';
import { prisma } from '@/lib/db';

export interface EarlierMessage {
  id: string;
  parentId: string | null;
  role: 'system' | 'user' | 'assistant';
  parts: unknown;
  createdAt: Date;
}

/** How many messages of a branch, back from its newest, a reply may see. */
const HISTORY_MESSAGES = 100;

/**
 * Writes one turn as a single statement (atomic, one round trip): takes the
 * conversation's reply slot – free, or already this reply's – in the owner's
 * conversation only; stores the user's message (unless a stored one is answered
 * again, on regenerate) and the empty `streaming` reply, and moves the
 * conversation's head to that reply; names an untitled conversation and marks it
 * recent. Nothing is deleted: an edited question or a regenerated reply stays as
 * another version, on a branch of its own.
 *
 * `after` is where the question goes: after the head (a new question), or after
 * the given message (null: as a first question) when an edit branches off.
 * Returns the branch before the question, up to HISTORY_MESSAGES messages, newest
 * first; undefined when the slot could not be taken, and then nothing was written
 * (the caller's slower path says why: 404 or 409, or takes back a slot left behind
 * by a dead process).
 */
export async function storeTurn(turn: {
  conversationId: string;
  ownerId: string;
  /** The new question (stored under `id`), or the stored one answered again (regenerate). */
  question: { id: string; text: string; createdAt: Date } | { id: string };
  after: 'head' | string | null;
  reply: { id: string; model: string; createdAt: Date };
  title: string;
}): Promise<EarlierMessage[] | undefined> {
  const db = await prisma();
  const { conversationId, question, reply } = turn;
  const asked = 'text' in question ? question : undefined;
  const questionId = question.id;
  const userParts = JSON.stringify([{ type: 'text', text: asked?.text ?? '' }]);
  const afterHead = turn.after === 'head';
  const after = afterHead ? null : turn.after;
  // The writes are not visible to the rest of the statement (one snapshot): `before` reads the
  // head as it was, and the branch is read as it stood before this turn.
  const rows = await db.$queryRaw<
    {
      id: string | null;
      parent_id: string | null;
      role: EarlierMessage['role'] | null;
      parts: unknown;
      created_at: Date | null;
    }[]
  >`
    WITH RECURSIVE before AS (
      SELECT head_id FROM conversations WHERE id = ${conversationId}::uuid
    ), claimed AS (
      UPDATE conversations SET active_reply_id = ${reply.id}::uuid, head_id = ${reply.id}::uuid,
        title = COALESCE(title, ${turn.title}), updated_at = now()
      WHERE id = ${conversationId}::uuid AND owner_id = ${turn.ownerId}::uuid
        AND (active_reply_id IS NULL OR active_reply_id = ${reply.id}::uuid)
      RETURNING id
    ), base AS (
      SELECT CASE WHEN ${afterHead}::boolean THEN (SELECT head_id FROM before) ELSE ${after}::uuid END AS id
    ), asking AS (
      INSERT INTO messages (id, conversation_id, parent_id, role, parts, status, created_at, updated_at)
      SELECT ${questionId}::uuid, c.id, (SELECT id FROM base), 'user', ${userParts}::jsonb, 'complete',
        ${asked?.createdAt ?? null}::timestamptz, ${asked?.createdAt ?? null}::timestamptz
      FROM claimed c WHERE ${asked !== undefined}::boolean
    ), answering AS (
      INSERT INTO messages (id, conversation_id, parent_id, role, parts, status, model, created_at, updated_at)
      SELECT ${reply.id}::uuid, id, ${questionId}::uuid, 'assistant', '[]'::jsonb, 'streaming', ${reply.model},
        ${reply.createdAt}::timestamptz, ${reply.createdAt}::timestamptz
      FROM claimed
    ), branch AS (
      SELECT m.id, m.parent_id, m.role, m.parts, m.created_at, 1 AS depth
      FROM messages m JOIN claimed c ON m.conversation_id = c.id WHERE m.id = (SELECT id FROM base)
      UNION ALL
      SELECT m.id, m.parent_id, m.role, m.parts, m.created_at, b.depth + 1
      FROM branch b JOIN messages m ON m.id = b.parent_id WHERE b.depth < ${HISTORY_MESSAGES}
    )
    SELECT b.id::text AS id, b.parent_id::text AS parent_id, b.role::text AS role, b.parts, b.created_at
    FROM claimed c LEFT JOIN branch b ON true
    ORDER BY b.depth`;
  if (rows.length === 0) return undefined;
  return rows.flatMap((r) =>
    r.id === null ? [] : [{ id: r.id, parentId: r.parent_id, role: r.role!, parts: r.parts, createdAt: r.created_at! }],
  );
}
