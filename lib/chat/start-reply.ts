import 'server-only';
import { v7 as uuidv7 } from 'uuid';
import { config } from '@/lib/config';
import { prisma } from '@/lib/db';
import { ApiError, notFound } from '@/lib/http/api-error';
import { isUuid } from '@/lib/uuid';
import { claimReplySlot, releaseReplySlot } from '@/lib/conversations/reply/claim-reply-slot';
import { citationsOfParts, textOfParts } from '@/lib/conversations/message-parts';
import { questionsAfter, selectHistory } from './select-history';
import { storeTurn, type EarlierMessage } from '@/lib/conversations/reply/store-turn';
import { clipAtWord } from '@/lib/clip-text';

/**
 * Claims the conversation's reply slot (409 if taken, 404 if not the caller's)
 * and stores the user's message with an empty `streaming` assistant message,
 * so a reply can never be lost without a trace. Returns what the reply needs:
 * the question and its stored id, the history within its token budget, the previous question.
 */
export async function startReply({
  conversationId,
  ownerId,
  content,
  modelId,
  regenerate,
  edit,
}: {
  conversationId: string;
  ownerId: string;
  content: string;
  modelId: string;
  /** useChat's regenerate: a new reply to a stored question (the one `messageId` names, or the last one on show). */
  regenerate?: { messageId?: string };
  /** An edit: `content` is a new version of this question (`true`: the last one on show), answered in its place. */
  edit?: true | string;
}) {
  const assistantId = uuidv7();
  const now = Date.now();
  const userCreatedAt = new Date(now);
  const assistantCreatedAt = new Date(now + 1); // listing orders by time: the reply sorts after its question
  const turn = { conversationId, ownerId, reply: { id: assistantId, model: modelId, createdAt: assistantCreatedAt } };
  // An untitled conversation is named after its first message.
  const titleOf = (question: string) => clipAtWord(question, Math.min(80, config().MAX_TITLE_CHARS));
  const started = (
    question: { id: string; text: string },
    earlier: EarlierMessage[],
    earlierReplies: { parts: unknown }[] = [],
  ) => {
    const previous = earlier.reverse();
    const replyAbove = previous.findLast((m) => m.role === 'assistant');
    return {
      question: question.text,
      questionId: question.id,
      assistant: { id: assistantId, createdAt: assistantCreatedAt },
      history: selectHistory(previous, config().CHAT_HISTORY_TOKENS),
      /**
       * What is asked (the conversation's questions, which the question plan is made of once the
       * asker's reach is known: see planAsked); and the passages the reply above and the earlier
       * replies cited, which "Tell me more" goes on from.
       */
      asked: {
        questions: questionsAfter(previous, question.text),
        cited: [replyAbove, ...earlierReplies].flatMap((m) => citationsOfParts(m?.parts).map((c) => c.chunkId)),
      },
      /** On a regenerate, the question's earlier replies, oldest first: a model may answer otherwise. */
      earlierAnswers: earlierReplies.map((r) => textOfParts(r.parts)).filter(Boolean),
    };
  };
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
  const asked = { id: uuidv7(), text: content, createdAt: userCreatedAt };

  if (!regenerate && !edit) {
    // The usual case is one round trip: a free slot in one's own conversation.
    const newTurn = () => storeTurn({ ...turn, question: asked, after: 'head', title: titleOf(content) });
    return started(asked, (await newTurn()) ?? (await afterClaim(newTurn)));
  }

  // Regenerate: a new reply to a stored question (never the client's copy of it), beside the old
  // reply. Edit: a new question beside the edited one, answered. Both leave the old versions in
  // place and move the conversation to the new branch.
  return afterClaim(async () => {
    const db = await prisma();
    const message = (id: string | null | undefined) =>
      id && isUuid(id)
        ? db.message.findFirst({
            where: { id, conversationId },
            select: { id: true, parentId: true, role: true, parts: true },
          })
        : null;
    const { headId } = await db.conversation.findUniqueOrThrow({
      where: { id: conversationId },
      select: { headId: true },
    });
    const head = await message(headId);
    // The last question on show: the head's, or the head itself when it was never answered.
    const lastQuestion = async () =>
      head?.role === 'assistant' ? message(head.parentId) : head?.role === 'user' ? head : null;

    if (regenerate) {
      const named = await message(regenerate.messageId);
      const question =
        named?.role === 'user'
          ? named
          : named?.role === 'assistant'
            ? await message(named.parentId)
            : await lastQuestion();
      // Nothing stored yet (the first send failed, and a client retries it as a regenerate): the
      // message is the first question.
      if (!question && !head) {
        const stored = await storeTurn({ ...turn, question: asked, after: null, title: titleOf(content) });
        return stored && started(asked, stored);
      }
      if (question?.role !== 'user')
        throw new ApiError('conflict', 'There is no question to answer again in this conversation.');
      const text = textOfParts(question.parts);
      const stored = await storeTurn({
        ...turn,
        question: { id: question.id },
        after: question.parentId,
        title: titleOf(text),
      });
      if (!stored) return undefined;
      // Only whole replies: one that was stopped, failed or cut off is asked for again in full.
      const replies = await db.message.findMany({
        where: { parentId: question.id, role: 'assistant', status: 'complete', id: { not: assistantId } },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: { parts: true },
      });
      return started({ id: question.id, text }, stored, replies);
    }

    const question = edit === true ? await lastQuestion() : await message(edit);
    if (edit === true && !question)
      throw new ApiError('conflict', 'There is no question to edit in this conversation.');
    if (question?.role !== 'user') throw notFound('question in this conversation');
    const stored = await storeTurn({ ...turn, question: asked, after: question.parentId, title: titleOf(content) });
    return stored && started(asked, stored);
  });
}
