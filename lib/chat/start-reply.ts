import 'server-only';
import { v7 as uuidv7 } from 'uuid';
import { config } from '@/lib/config';
import { prisma } from '@/lib/db';
import { claimReplySlot, releaseReplySlot } from './claim-reply-slot';
import { previousUserText, selectHistory, textOfParts } from './select-history';
import { claimAndStoreTurn, storeTurn, type EarlierMessage } from './store-turn';
import { titleFromMessage } from './title-from-message';

/**
 * Claims the conversation's reply slot (409 if taken, 404 if not the caller's)
 * and stores the user's message with an empty `streaming` assistant message,
 * so a reply can never be lost without a trace. Returns what the reply needs:
 * the question, the history within its token budget, the previous question.
 */
export async function startReply({ conversationId, ownerId, content, modelId, regenerate = false }: {
  conversationId: string;
  ownerId: string;
  content: string;
  modelId: string;
  /** useChat's regenerate: replace the last reply with a new one to the last stored question. */
  regenerate?: boolean;
}) {
  const assistantId = uuidv7();
  const now = Date.now();
  const userCreatedAt = new Date(now);
  const assistantCreatedAt = new Date(now + 1); // listing orders by time: the reply sorts after its question
  const reply = { id: assistantId, model: modelId, createdAt: assistantCreatedAt };
  // An untitled conversation is named after its first message.
  const titleOf = (question: string) => titleFromMessage(question, Math.min(80, config().MAX_TITLE_CHARS));
  const started = (question: string, previous: EarlierMessage[]) => ({
    question,
    assistant: { id: assistantId, createdAt: assistantCreatedAt },
    history: selectHistory(previous, config().CHAT_HISTORY_TOKENS),
    previousQuestion: previousUserText(previous),
  });

  // The usual case, one round trip: a free slot in one's own conversation.
  if (!regenerate) {
    const earlier = await claimAndStoreTurn({
      conversationId,
      ownerId,
      question: { text: content, createdAt: userCreatedAt },
      reply,
      title: titleOf(content),
    });
    if (earlier) return started(content, earlier.reverse());
  }

  await claimReplySlot({ conversationId, ownerId, replyId: assistantId });
  try {
    const db = await prisma();
    const previous: EarlierMessage[] = await db.message.findMany({
      where: { conversationId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 100,
      select: { id: true, role: true, parts: true, createdAt: true },
    });
    previous.reverse();
    // Regenerate: drop the last reply and answer the question before it again; the question
    // is the stored one, never the client's copy.
    let replaced: string | undefined;
    let question: EarlierMessage | undefined;
    if (regenerate) {
      if (previous.at(-1)?.role === 'assistant') replaced = previous.pop()!.id;
      if (previous.at(-1)?.role === 'user') question = previous.pop();
    }
    const questionText = question ? textOfParts(question.parts) : content;
    await storeTurn({
      conversationId,
      question: question ? undefined : { text: content, createdAt: userCreatedAt },
      reply,
      replacedReplyId: replaced,
      title: titleOf(questionText),
    });
    return started(questionText, previous);
  } catch (error) {
    await releaseReplySlot({ conversationId, replyId: assistantId }).catch(() => {});
    throw error;
  }
}
