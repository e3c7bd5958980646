import 'server-only';
import { v7 as uuidv7 } from 'uuid';
import { config } from '@/lib/config';
import { prisma } from '@/lib/db';
import { ApiError } from '@/lib/http/api-error';
import { claimReplySlot, releaseReplySlot } from './claim-reply-slot';
import { previousUserText, selectHistory, textOfParts } from './select-history';
import { storeTurn, type EarlierMessage } from './store-turn';
import { titleFromMessage } from './title-from-message';

/**
 * Claims the conversation's reply slot (409 if taken, 404 if not the caller's)
 * and stores the user's message with an empty `streaming` assistant message,
 * so a reply can never be lost without a trace. Returns what the reply needs:
 * the question, the history within its token budget, the previous question.
 */
export async function startReply({ conversationId, ownerId, content, modelId, regenerate = false, edit = false }: {
  conversationId: string;
  ownerId: string;
  content: string;
  modelId: string;
  /** useChat's regenerate: replace the last reply with a new one to the last stored question. */
  regenerate?: boolean;
  /** An edit of the last question: it and its reply give way to `content` and a new reply. */
  edit?: boolean;
}) {
  const assistantId = uuidv7();
  const now = Date.now();
  const userCreatedAt = new Date(now);
  const assistantCreatedAt = new Date(now + 1); // listing orders by time: the reply sorts after its question
  const turn = { conversationId, ownerId, reply: { id: assistantId, model: modelId, createdAt: assistantCreatedAt } };
  // An untitled conversation is named after its first message.
  const titleOf = (question: string) => titleFromMessage(question, Math.min(80, config().MAX_TITLE_CHARS));
  const started = (question: string, previous: EarlierMessage[]) => ({
    question,
    assistant: { id: assistantId, createdAt: assistantCreatedAt },
    history: selectHistory(previous, config().CHAT_HISTORY_TOKENS),
    previousQuestion: previousUserText(previous),
  });
  // The slow way: claimReplySlot answers 404 or 409, or takes back a dead process's slot;
  // then the slot is this reply's, and it is released again if the write fails.
  const afterClaim = async <T>(write: () => Promise<T | undefined>): Promise<T> => {
    await claimReplySlot({ conversationId, ownerId, replyId: assistantId });
    try {
      const written = await write();
      if (written === undefined) throw new Error('The reply slot was lost before the turn was stored.');
      return written;
    } catch (error) {
      await releaseReplySlot({ conversationId, replyId: assistantId }).catch(() => {});
      throw error;
    }
  };

  if (!regenerate && !edit) {
    // The usual case is one round trip: a free slot in one's own conversation.
    const newTurn = () => storeTurn({ ...turn, question: { text: content, createdAt: userCreatedAt }, title: titleOf(content) });
    const earlier = (await newTurn()) ?? (await afterClaim(newTurn));
    return started(content, earlier.reverse());
  }

  // Regenerate: drop the last reply and answer the question before it again; the question
  // is the stored one, never the client's copy. Edit: drop the last question and its reply,
  // and answer the new text in their place.
  return afterClaim(async () => {
    const db = await prisma();
    const previous: EarlierMessage[] = await db.message.findMany({
      where: { conversationId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 100,
      select: { id: true, role: true, parts: true, createdAt: true },
    });
    previous.reverse();
    const replaced = previous.at(-1)?.role === 'assistant' ? [previous.pop()!.id] : [];
    const question = previous.at(-1)?.role === 'user' ? previous.pop() : undefined;
    if (edit && !question) throw new ApiError('conflict', 'There is no question to edit in this conversation.');
    if (edit) replaced.push(question!.id);
    const reused = edit ? undefined : question;
    const questionText = reused ? textOfParts(reused.parts) : content;
    const stored = await storeTurn({
      ...turn,
      question: reused ? undefined : { text: content, createdAt: userCreatedAt },
      replacedIds: replaced,
      title: titleOf(questionText),
    });
    return stored && started(questionText, previous);
  });
}
