import 'server-only';
import { prisma } from '@/lib/db';
import { notFound } from '@/lib/http/api-error';

/**
 * The caller's conversation. Another owner's conversation is a 404 with the same
 * body as an unknown id, so its existence is never revealed.
 */
export async function getConversationOrThrow({ id, ownerId }: { id: string; ownerId: string }) {
  const db = await prisma();
  const conversation = await db.conversation.findFirst({ where: { id, ownerId } });
  if (!conversation) throw notFound('conversation');
  return conversation;
}
