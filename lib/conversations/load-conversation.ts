import 'server-only';
import { getConversationOrThrow } from './get-conversation-or-throw';
import { presentConversation } from './present-conversation';
import { readBranch } from './read-branch';

/** The caller's conversation with the messages of the branch on show, oldest first. */
export async function loadConversation({ id, ownerId }: { id: string; ownerId: string }) {
  const conversation = await getConversationOrThrow({ id, ownerId });
  return presentConversation(conversation, await readBranch(id, conversation.headId));
}
