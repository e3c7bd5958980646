import 'server-only';
import { reachSql, type Reach } from '@/lib/access';
import { REPLY_STALE_MS } from './reply/reply-heartbeat';
import { citationsOfParts, textOfParts } from './message-parts';
import { Prisma, prisma } from '@/lib/db';
import { ApiError, notFound } from '@/lib/http/api-error';
import { decodeCursor, keysetPage } from '@/lib/schemas/common';
import type { Feedback, FeedbackEntry, FeedbackPage, FeedbackRating } from '@/lib/schemas/feedback';

interface ReplyRef {
  conversationId: string;
  ownerId: string;
  messageId: string;
}

interface FeedbackRow {
  rating: FeedbackRating;
  comment: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const presentFeedback = (row: FeedbackRow): Feedback => ({
  rating: row.rating,
  comment: row.comment,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Rates a reply of the owner's conversation, or changes its rating. One statement checks and
 * writes, so a reply deleted meanwhile is a 404, never a foreign-key failure. A reply still being
 * written cannot be rated yet (a reply whose writer died counts as ended, as the conversation
 * shows it `interrupted`); a question cannot be rated at all.
 */
export async function rateReply(
  ref: ReplyRef & { rating: FeedbackRating; comment?: string | null },
): Promise<Feedback> {
  const db = await prisma();
  const comment = ref.comment?.trim() || null;
  const rows = await db.$queryRaw<FeedbackRow[]>`
    INSERT INTO message_feedback (message_id, rating, comment)
    SELECT m.id, ${ref.rating}::"FeedbackRating", ${comment}
    FROM messages m JOIN conversations c ON c.id = m.conversation_id
    WHERE m.id = ${ref.messageId}::uuid AND c.id = ${ref.conversationId}::uuid AND c.owner_id = ${ref.ownerId}::uuid
      AND m.role = 'assistant' AND (m.status <> 'streaming' OR m.updated_at < now() - make_interval(secs => ${REPLY_STALE_MS / 1000}))
    ON CONFLICT (message_id) DO UPDATE SET rating = EXCLUDED.rating, comment = EXCLUDED.comment, updated_at = now()
    RETURNING rating::text AS rating, comment, created_at AS "createdAt", updated_at AS "updatedAt"`;
  if (rows[0]) return presentFeedback(rows[0]);
  throw await whyNotRateable(ref);
}

/** Takes a reply's rating back. Idempotent: a reply with none is left as it is. */
export async function clearRating(ref: ReplyRef): Promise<void> {
  const db = await prisma();
  const deleted = await db.$executeRaw`
    DELETE FROM message_feedback f USING messages m, conversations c
    WHERE f.message_id = m.id AND m.conversation_id = c.id
      AND m.id = ${ref.messageId}::uuid AND c.id = ${ref.conversationId}::uuid AND c.owner_id = ${ref.ownerId}::uuid`;
  if (deleted > 0) return;
  const error = await whyNotRateable(ref);
  // Only an unknown conversation or message is an error here: a question or a reply being written has no rating to take back.
  if (error.status === 404) throw error;
}

async function whyNotRateable(ref: ReplyRef): Promise<ApiError> {
  const db = await prisma();
  const message = await db.message.findFirst({
    where: { id: ref.messageId, conversationId: ref.conversationId, conversation: { ownerId: ref.ownerId } },
    select: { role: true },
  });
  if (!message) {
    const conversation = await db.conversation.findFirst({
      where: { id: ref.conversationId, ownerId: ref.ownerId },
      select: { id: true },
    });
    return notFound(conversation ? 'message in this conversation' : 'conversation');
  }
  if (message.role !== 'assistant')
    return new ApiError('unprocessable', 'Only a reply can be rated: this message is a question.');
  return new ApiError('conflict', 'The reply is still being written: rate it when it has ended.');
}

interface EntryRow extends FeedbackRow {
  messageId: string;
  answerParts: unknown;
  questionParts: unknown;
  model: string | null;
}

/**
 * Every rating, most recently given or changed first, with the question and the reply it is
 * about (for an admin to see what the knowledge base lacks), keyset-paginated; `counts` covers all
 * that may be read. A caller who reaches only some collections (an admin key narrowed to them) is
 * not shown a rating whose reply cites a source outside them: the reply's text quotes it.
 */
export async function listFeedback({
  rating,
  cited,
  limit,
  cursor,
  reach,
}: {
  /** What the caller may read (lib/access), applied in the SQL. */
  reach: Reach;
  rating?: FeedbackRating;
  /** Only replies that cite a passage (true), or that cite none (false). */
  cited?: boolean;
  limit: number;
  cursor?: string;
}): Promise<FeedbackPage> {
  const after = decodeCursor(cursor);
  const db = await prisma();
  const kind = rating ? Prisma.sql`AND f.rating = ${rating}::"FeedbackRating"` : Prisma.empty;
  const cites = Prisma.sql`a.cited_sources <> '[]'`;
  const citing = cited === undefined ? Prisma.empty : cited ? Prisma.sql`AND ${cites}` : Prisma.sql`AND NOT ${cites}`;
  const before = after
    ? Prisma.sql`AND (f.updated_at, f.message_id) < (${after.at}::timestamptz, ${after.id}::uuid)`
    : Prisma.empty;
  const readable = citesOnlyReadable(reach);
  const [rows, counts] = await Promise.all([
    db.$queryRaw<EntryRow[]>`
      SELECT f.message_id::text AS "messageId", f.rating::text AS rating, f.comment, f.created_at AS "createdAt", f.updated_at AS "updatedAt",
        a.parts AS "answerParts", a.model, q.parts AS "questionParts"
      FROM message_feedback f JOIN messages a ON a.id = f.message_id LEFT JOIN messages q ON q.id = a.parent_id
      WHERE ${readable} ${kind} ${citing} ${before}
      ORDER BY f.updated_at DESC, f.message_id DESC
      LIMIT ${limit + 1}`,
    db.$queryRaw<{ rating: FeedbackRating; n: number }[]>`
      SELECT f.rating::text AS rating, count(*)::int AS n
      FROM message_feedback f JOIN messages a ON a.id = f.message_id
      WHERE ${readable} GROUP BY f.rating`,
  ]);
  const { page, nextCursor } = keysetPage(rows, limit, (row) => ({ at: row.updatedAt, id: row.messageId }));
  return {
    data: page.map(presentEntry),
    counts: {
      up: counts.find((c) => c.rating === 'up')?.n ?? 0,
      down: counts.find((c) => c.rating === 'down')?.n ?? 0,
    },
    nextCursor,
  };
}

function presentEntry(row: EntryRow): FeedbackEntry {
  return {
    messageId: row.messageId,
    ...presentFeedback(row),
    question: textOfParts(row.questionParts),
    answer: textOfParts(row.answerParts),
    citations: citationsOfParts(row.answerParts),
    model: row.model,
  };
}

/** The reply `a` cites no existing source outside the reach (a deleted one is no one's to read). */
function citesOnlyReadable(reach: Reach): Prisma.Sql {
  if (reach.all) return Prisma.sql`true`;
  return Prisma.sql`NOT EXISTS (
    SELECT 1 FROM jsonb_array_elements_text(a.cited_sources) cs(id)
    JOIN sources s ON s.id = CASE WHEN cs.id ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' THEN cs.id::uuid END
    WHERE NOT (${reachSql(reach, Prisma.sql`s.collection_id`)}))`;
}
