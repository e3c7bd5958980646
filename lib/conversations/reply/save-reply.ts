import 'server-only';
import { prisma } from '@/lib/db';
import { isDatabaseUnavailable } from '@/lib/db/database-unavailable';
import { errorFields, log } from '@/lib/log';
import type { ReplyStatus, ReplyUsage } from '../chat-message';
import { wellFormed } from './reply-heartbeat';

/**
 * Stores the finished reply exactly as it was streamed and releases the
 * conversation for the next send, atomically. A reply no longer `streaming`
 * (stopped through another instance meanwhile) keeps what it was stopped with.
 */
export async function saveReply({
  conversationId,
  messageId,
  parts,
  status,
  usage,
}: {
  conversationId: string;
  messageId: string;
  parts: unknown[];
  status: Exclude<ReplyStatus, 'streaming'>;
  usage?: ReplyUsage;
}): Promise<void> {
  const db = await prisma();
  // Lone surrogates cannot be stored in PostgreSQL json; a model could emit half a pair.
  const json = JSON.stringify(parts, wellFormed);
  // One statement: the message and the release of the conversation's reply slot together.
  await db.$executeRaw`
    WITH saved AS (
      UPDATE messages SET parts = ${json}::jsonb, status = ${status}::"MessageStatus",
        usage = ${usage ? JSON.stringify(usage) : null}::jsonb, updated_at = now()
      WHERE id = ${messageId}::uuid AND status = 'streaming'
    )
    UPDATE conversations SET active_reply_id = NULL, updated_at = now()
    WHERE id = ${conversationId}::uuid AND active_reply_id = ${messageId}::uuid`;
}

/** Last resort when saving failed: never leave the conversation locked. */
export async function releaseConversation({
  conversationId,
  messageId,
}: {
  conversationId: string;
  messageId: string;
}): Promise<void> {
  const db = await prisma();
  await db.message.updateMany({ where: { id: messageId, status: 'streaming' }, data: { status: 'failed' } });
  await db.conversation.updateMany({
    where: { id: conversationId, activeReplyId: messageId },
    data: { activeReplyId: null },
  });
}

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 5_000;
const RETRY_FOR_MS = 10 * 60_000;

/**
 * A reply that ended while the database could not be reached: stored as `failed`, with what was
 * written, as soon as the database answers again. Otherwise it would stay `streaming` until a
 * restart's recovery, and its conversation answer 409 until the heartbeat went stale. After
 * RETRY_FOR_MS it is left to those.
 */
export async function saveFailedReplyWhenBack({
  conversationId,
  messageId,
  parts,
}: {
  conversationId: string;
  messageId: string;
  parts: unknown[];
}): Promise<void> {
  const until = Date.now() + RETRY_FOR_MS;
  for (let wait = RETRY_FIRST_MS; ; wait = Math.min(wait * 2, RETRY_MAX_MS)) {
    try {
      return await saveReply({ conversationId, messageId, parts, status: 'failed' });
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + wait > until) {
        log.error('could not store a failed reply', { messageId, ...errorFields(error) });
        return;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, wait).unref());
  }
}
