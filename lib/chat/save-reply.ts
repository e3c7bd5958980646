import 'server-only';
import { prisma } from '@/lib/db';
import type { ReplyStatus, ReplyUsage } from './chat-message';
import { wellFormed } from './reply-heartbeat';

/**
 * Stores the finished reply exactly as it was streamed and releases the
 * conversation for the next send, atomically. A reply no longer `streaming`
 * (stopped through another instance meanwhile) keeps what it was stopped with.
 */
export async function saveReply({ conversationId, messageId, parts, status, usage }: {
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
export async function releaseConversation({ conversationId, messageId }: { conversationId: string; messageId: string }): Promise<void> {
  const db = await prisma();
  await db.message.updateMany({ where: { id: messageId, status: 'streaming' }, data: { status: 'failed' } });
  await db.conversation.updateMany({ where: { id: conversationId, activeReplyId: messageId }, data: { activeReplyId: null } });
}
