import 'server-only';
import { v7 as uuidv7 } from 'uuid';
import { config } from '@/lib/config';
import { getConversationOrThrow } from '@/lib/conversations/get-conversation-or-throw';
import { prisma } from '@/lib/db';
import { ApiError } from '@/lib/http/api-error';
import { REPLY_STALE_MS } from './reply-heartbeat';
import { previousUserText, selectHistory, textOfParts } from './select-history';
import { titleFromMessage } from './title-from-message';

const busy = () =>
  new ApiError('conflict', 'A reply is still being written in this conversation. Send again when it has finished.');

/**
 * Claims the conversation for one reply and stores the user's message and an
 * empty `streaming` assistant message, all in one transaction, so a reply can
 * never be lost without a trace. The claim is a conditional UPDATE on
 * `active_reply_id` that also checks the owner: of two concurrent sends exactly
 * one wins; the other gets 409. An unknown or foreign conversation is a 404
 * (getConversationOrThrow) before anything is stored.
 */
export async function startReply({ conversationId, ownerId, content, modelId, regenerate = false }: {
  conversationId: string;
  ownerId: string;
  content: string;
  modelId: string;
  /** useChat's regenerate: replace the last reply with a new one to the last stored question. */
  regenerate?: boolean;
}) {
  const db = await prisma();
  const assistantId = uuidv7();
  const now = Date.now();
  const userCreatedAt = new Date(now);
  const assistantCreatedAt = new Date(now + 1); // listing orders by time: the reply sorts after its question

  const claim = () =>
    db.conversation.updateMany({ where: { id: conversationId, ownerId, activeReplyId: null }, data: { activeReplyId: assistantId } });
  let claimed = await claim();
  if (claimed.count === 0) {
    await getConversationOrThrow({ id: conversationId, ownerId }); // 404 first: busy is only said of one's own
    // A claim left behind – its reply finished but the release failed, or its process died
    // (no heartbeat) – is taken back once; a live reply keeps it.
    const current = await db.conversation.findUnique({ where: { id: conversationId }, select: { activeReplyId: true } });
    const holder = current?.activeReplyId
      ? await db.message.findUnique({ where: { id: current.activeReplyId }, select: { status: true, updatedAt: true } })
      : null;
    if (!current?.activeReplyId) throw busy();
    if (holder?.status === 'streaming') {
      const cutoff = new Date(Date.now() - REPLY_STALE_MS);
      if (holder.updatedAt >= cutoff) throw busy();
      await db.message.updateMany({ where: { id: current.activeReplyId, status: 'streaming', updatedAt: { lt: cutoff } }, data: { status: 'interrupted' } });
    }
    await db.conversation.updateMany({ where: { id: conversationId, activeReplyId: current.activeReplyId }, data: { activeReplyId: null } });
    claimed = await claim();
    if (claimed.count === 0) throw busy();
  }

  try {
    const previous = await db.message.findMany({
      where: { conversationId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 100,
      select: { id: true, role: true, parts: true, createdAt: true },
    });
    previous.reverse();
    // Regenerate: drop the last reply and answer the question before it again; the question
    // is the stored one, never the client's copy.
    let replaced: string | undefined;
    let question: (typeof previous)[number] | undefined;
    if (regenerate) {
      if (previous.at(-1)?.role === 'assistant') replaced = previous.pop()!.id;
      if (previous.at(-1)?.role === 'user') question = previous.pop();
    }
    const questionText = question ? textOfParts(question.parts) : content;
    const [userMessage, assistant] = await db.$transaction(async (tx) => {
      if (replaced) await tx.message.delete({ where: { id: replaced } });
      const user =
        question ??
        (await tx.message.create({
          data: { conversationId, role: 'user', parts: [{ type: 'text', text: content }], status: 'complete', createdAt: userCreatedAt },
        }));
      const reply = await tx.message.create({
        data: { id: assistantId, conversationId, role: 'assistant', parts: [], status: 'streaming', model: modelId, createdAt: assistantCreatedAt },
      });
      // One statement: an untitled conversation is named after its first message, and it moves to the top.
      await tx.$executeRaw`UPDATE conversations SET title = COALESCE(title, ${titleFromMessage(questionText, Math.min(80, config().MAX_TITLE_CHARS))}), updated_at = now() WHERE id = ${conversationId}::uuid`;
      return [user, reply] as const;
    });
    return {
      userMessage,
      question: questionText,
      assistant: { id: assistant.id, createdAt: assistant.createdAt },
      history: selectHistory(previous, config().CHAT_HISTORY_TOKENS),
      previousQuestion: previousUserText(previous),
    };
  } catch (error) {
    await db.conversation.updateMany({ where: { id: conversationId, activeReplyId: assistantId }, data: { activeReplyId: null } }).catch(() => {});
    throw error;
  }
}
