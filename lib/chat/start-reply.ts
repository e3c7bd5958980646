import 'server-only';
import { v7 as uuidv7 } from 'uuid';
import { config } from '@/lib/config';
import { prisma } from '@/lib/db';
import { claimReplySlot, releaseReplySlot } from './claim-reply-slot';
import { previousUserText, selectHistory, textOfParts } from './select-history';
import { storeTurn } from './store-turn';
import { titleFromMessage } from './title-from-message';

/**
 * Claims the conversation's reply slot (409 if taken, 404 if not the caller's),
 * then stores the user's message and an empty `streaming` assistant message in
 * one statement, so a reply can never be lost without a trace.
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
  await claimReplySlot({ conversationId, ownerId, replyId: assistantId });

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
    await storeTurn({
      conversationId,
      question: question ? undefined : { text: content, createdAt: userCreatedAt },
      reply: { id: assistantId, model: modelId, createdAt: assistantCreatedAt },
      replacedReplyId: replaced,
      // An untitled conversation is named after its first message.
      title: titleFromMessage(questionText, Math.min(80, config().MAX_TITLE_CHARS)),
    });
    return {
      question: questionText,
      assistant: { id: assistantId, createdAt: assistantCreatedAt },
      history: selectHistory(previous, config().CHAT_HISTORY_TOKENS),
      previousQuestion: previousUserText(previous),
    };
  } catch (error) {
    await releaseReplySlot({ conversationId, replyId: assistantId }).catch(() => {});
    throw error;
  }
}
