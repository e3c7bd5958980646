import 'server-only';
import type { Principal } from '@/lib/auth/principal';
import { conversationView } from './conversation-view';
import { getConversationOrThrow } from './get-conversation-or-throw';
import { readBranch } from './read-branch';

/** The caller's conversation with the messages of the branch on show, oldest first, as the caller may read them now. */
export async function loadConversation({ id, principal }: { id: string; principal: Principal }) {
  const conversation = await getConversationOrThrow({ id, ownerId: principal.id });
  return conversationView(conversation, await readBranch(id, conversation.headId), principal);
}
