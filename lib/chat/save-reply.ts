import 'server-only';
import { prisma } from '@/lib/db';
import type { ReplyStatus, ReplyUsage } from './chat-message';

/**
 * Stores the finished reply exactly as it was streamed and releases the
 * conversation for the next send, in one transaction.
 */
export async function saveReply({ conversationId, messageId, parts, status, usage }: {
  conversationId: string;
  messageId: string;
  parts: unknown[];
  status: Exclude<ReplyStatus, 'streaming'>;
  usage?: ReplyUsage;
}): Promise<void> {
  const db = await prisma();
  await db.$transaction(async (tx) => {
    await tx.message.update({
      where: { id: messageId },
      data: { parts: parts as object[], status, ...(usage ? { usage: { ...usage } } : {}) },
    });
    await tx.conversation.updateMany({ where: { id: conversationId, activeReplyId: messageId }, data: { activeReplyId: null, updatedAt: new Date() } });
  });
}

/** Last resort when saving failed: never leave the conversation locked. */
export async function releaseConversation({ conversationId, messageId }: { conversationId: string; messageId: string }): Promise<void> {
  const db = await prisma();
  await db.message.updateMany({ where: { id: messageId, status: 'streaming' }, data: { status: 'failed' } });
  await db.conversation.updateMany({ where: { id: conversationId, activeReplyId: messageId }, data: { activeReplyId: null } });
}
