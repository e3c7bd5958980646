import 'server-only';
import { v7 as uuidv7 } from 'uuid';
import { config } from '@/lib/config';
import { prisma } from '@/lib/db';
import { ApiError } from '@/lib/http/api-error';
import { previousUserText, selectHistory } from './select-history';
import { titleFromMessage } from './title-from-message';

const busy = () =>
  new ApiError('conflict', 'A reply is still being written in this conversation. Send again when it has finished.');

/**
 * Claims the conversation for one reply and stores the user's message and an
 * empty `streaming` assistant message, all in one transaction, so a reply can
 * never be lost without a trace. The claim is a conditional UPDATE on
 * `active_reply_id`: of two concurrent sends exactly one wins; the other gets 409.
 * The caller has already checked ownership (404).
 */
export async function startReply({ conversationId, content, modelId }: { conversationId: string; content: string; modelId: string }) {
  const db = await prisma();
  const assistantId = uuidv7();
  const now = Date.now();
  const userCreatedAt = new Date(now);
  const assistantCreatedAt = new Date(now + 1); // listing orders by time: the reply sorts after its question

  const claim = () =>
    db.conversation.updateMany({ where: { id: conversationId, activeReplyId: null }, data: { activeReplyId: assistantId } });
  let claimed = await claim();
  if (claimed.count === 0) {
    // A claim whose reply is no longer streaming was left behind (its release failed): take it back once.
    const current = await db.conversation.findUnique({ where: { id: conversationId }, select: { activeReplyId: true } });
    const holder = current?.activeReplyId
      ? await db.message.findUnique({ where: { id: current.activeReplyId }, select: { status: true } })
      : null;
    if (!current?.activeReplyId || holder?.status === 'streaming') throw busy();
    await db.conversation.updateMany({ where: { id: conversationId, activeReplyId: current.activeReplyId }, data: { activeReplyId: null } });
    claimed = await claim();
    if (claimed.count === 0) throw busy();
  }

  try {
    const previous = await db.message.findMany({
      where: { conversationId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 100,
      select: { role: true, parts: true },
    });
    previous.reverse();
    const [userMessage, assistant] = await db.$transaction(async (tx) => {
      const user = await tx.message.create({
        data: { conversationId, role: 'user', parts: [{ type: 'text', text: content }], status: 'complete', createdAt: userCreatedAt },
      });
      const reply = await tx.message.create({
        data: { id: assistantId, conversationId, role: 'assistant', parts: [], status: 'streaming', model: modelId, createdAt: assistantCreatedAt },
      });
      await tx.conversation.updateMany({ where: { id: conversationId, title: null }, data: { title: titleFromMessage(content, config().MAX_TITLE_CHARS) } });
      await tx.conversation.update({ where: { id: conversationId }, data: { updatedAt: new Date() } });
      return [user, reply] as const;
    });
    return {
      userMessage,
      assistant: { id: assistant.id, createdAt: assistant.createdAt },
      history: selectHistory(previous, config().CHAT_HISTORY_TOKENS),
      previousQuestion: previousUserText(previous),
    };
  } catch (error) {
    await db.conversation.updateMany({ where: { id: conversationId, activeReplyId: assistantId }, data: { activeReplyId: null } }).catch(() => {});
    throw error;
  }
}
