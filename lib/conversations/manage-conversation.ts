import 'server-only';
import { stopLiveReply } from '@/lib/chat/live-replies';
import { prisma } from '@/lib/db';
import { notFound } from '@/lib/http/api-error';
import { presentConversation, presentSummary } from './present-conversation';

export async function createConversation({ ownerId, title }: { ownerId: string; title?: string }) {
  const db = await prisma();
  const conversation = await db.conversation.create({ data: { ownerId, title: title ?? null } });
  return presentConversation(conversation, []);
}

/** Renames the owner's conversation; 404 for anyone else's. */
export async function renameConversation({ id, ownerId, title }: { id: string; ownerId: string; title: string }) {
  const db = await prisma();
  const { count } = await db.conversation.updateMany({ where: { id, ownerId }, data: { title } });
  if (count === 0) throw notFound('conversation');
  return presentSummary(await db.conversation.findUniqueOrThrow({ where: { id } }));
}

/**
 * Deletes the owner's conversation and its messages (cascade); 404 for anyone else's. A reply
 * this process is writing in it stops (another instance's stops at its next heartbeat).
 */
export async function deleteConversation({ id, ownerId }: { id: string; ownerId: string }) {
  const db = await prisma();
  const { count } = await db.conversation.deleteMany({ where: { id, ownerId } });
  if (count === 0) throw notFound('conversation');
  await stopLiveReply(id);
}
