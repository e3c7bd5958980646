import 'server-only';
import { prisma } from '@/lib/db';
import { getConversationOrThrow } from './get-conversation-or-throw';
import { presentConversation } from './present-conversation';

/** The caller's conversation with every message, oldest first. */
export async function loadConversation({ id, ownerId }: { id: string; ownerId: string }) {
  const conversation = await getConversationOrThrow({ id, ownerId });
  const db = await prisma();
  const messages = await db.message.findMany({
    where: { conversationId: id },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return presentConversation(conversation, messages);
}
