import 'server-only';
import { getConversationOrThrow } from '../get-conversation-or-throw';
import { prisma } from '@/lib/db';
import { ApiError } from '@/lib/http/api-error';
import { REPLY_STALE_MS } from './reply-heartbeat';

const busy = () =>
  new ApiError('conflict', 'A reply is still being written in this conversation. Send again when it has finished.');

/**
 * One reply at a time per conversation: a conditional UPDATE of
 * `active_reply_id` (that also checks the owner), so of two concurrent sends
 * exactly one wins and the other gets 409. An unknown or foreign conversation
 * is a 404 first – "busy" is only ever said of one's own conversation.
 */
export async function claimReplySlot({
  conversationId,
  ownerId,
  replyId,
}: {
  conversationId: string;
  ownerId: string;
  replyId: string;
}): Promise<void> {
  const db = await prisma();
  const claim = () =>
    db.conversation.updateMany({
      where: { id: conversationId, ownerId, activeReplyId: null },
      data: { activeReplyId: replyId },
    });
  if ((await claim()).count === 1) return;
  await getConversationOrThrow({ id: conversationId, ownerId });

  // A slot left behind – its reply finished but the release failed, or its process died
  // (no heartbeat) – is taken back once; a live reply keeps it.
  const current = await db.conversation.findUnique({ where: { id: conversationId }, select: { activeReplyId: true } });
  const holderId = current?.activeReplyId;
  if (!holderId) throw busy();
  const holder = await db.message.findUnique({ where: { id: holderId }, select: { status: true, updatedAt: true } });
  if (holder?.status === 'streaming') {
    const cutoff = new Date(Date.now() - REPLY_STALE_MS);
    if (holder.updatedAt >= cutoff) throw busy();
    await db.message.updateMany({
      where: { id: holderId, status: 'streaming', updatedAt: { lt: cutoff } },
      data: { status: 'interrupted' },
    });
  }
  await db.conversation.updateMany({
    where: { id: conversationId, activeReplyId: holderId },
    data: { activeReplyId: null },
  });
  if ((await claim()).count === 0) throw busy();
}

export async function releaseReplySlot({
  conversationId,
  replyId,
}: {
  conversationId: string;
  replyId: string;
}): Promise<void> {
  const db = await prisma();
  await db.conversation.updateMany({
    where: { id: conversationId, activeReplyId: replyId },
    data: { activeReplyId: null },
  });
}
