import 'server-only';
import { v7 as uuidv7 } from 'uuid';
import { prisma } from '@/lib/db';
import type { ReplyUsage } from './chat-message';
import { wellFormed } from './reply/reply-heartbeat';

/**
 * A whole exchange written at once as a new conversation of the owner's (one transaction): the
 * earlier turns, the question and its finished reply on one branch, the reply on show. For
 * answers given outside a conversation that the caller asked to keep (`/v1/chat/completions`).
 */
export async function storeExchange({
  id,
  ownerId,
  title,
  collectionIds,
  turns,
  reply,
}: {
  /** The conversation's id, chosen before the answer was written so a stream can name it first. */
  id: string;
  ownerId: string;
  title: string;
  /** The scope the answer retrieved within (empty: everything the owner reads). */
  collectionIds: string[];
  /** The earlier turns and the question, oldest first. */
  turns: Array<{ role: 'user' | 'assistant'; text: string }>;
  reply: { parts: unknown[]; model: string; usage?: ReplyUsage };
}): Promise<void> {
  const db = await prisma();
  const start = Date.now();
  const ids = [...turns, reply].map(() => uuidv7());
  // Listing orders by time: each message sorts after the one it follows.
  const at = (i: number) => new Date(start + i);
  const messages = [
    ...turns.map((turn, i) => ({
      id: ids[i]!,
      role: turn.role,
      parts: JSON.parse(JSON.stringify([{ type: 'text', text: turn.text }], wellFormed)),
    })),
    {
      id: ids[turns.length]!,
      role: 'assistant' as const,
      parts: JSON.parse(JSON.stringify(reply.parts, wellFormed)),
      model: reply.model,
      ...(reply.usage ? { usage: { ...reply.usage } } : {}),
    },
  ];
  await db.$transaction(async (tx) => {
    await tx.conversation.create({ data: { id, ownerId, title, collectionIds } });
    await tx.message.createMany({
      data: messages.map((m, i) => ({
        ...m,
        conversationId: id,
        parentId: i === 0 ? null : ids[i - 1]!,
        status: 'complete' as const,
        createdAt: at(i),
        updatedAt: at(i),
        shownAt: at(i),
      })),
    });
    await tx.conversation.update({ where: { id }, data: { headId: ids.at(-1)! } });
  });
}
