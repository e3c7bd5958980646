import 'server-only';
import { readableCollections } from '@/lib/access';
import type { Principal } from '@/lib/auth/principal';
import type { Conversation } from '@/lib/db/generated/client';
import type { ConversationView } from '@/lib/schemas/conversations';
import { readableAmong } from './conversation-scope';
import { presentConversation } from './present-conversation';
import type { BranchMessage } from './read-branch';
import { restrictCitations } from './restrict-citations';

/**
 * A conversation as its reader may see it now: citations of sources they can no longer read come
 * back restricted (restrict-citations.ts), and its scope lists only collections they may read.
 * Every answer that carries a conversation (GET, PATCH, POST, the transcript, the chat page) comes through here.
 */
export async function conversationView(
  conversation: Conversation,
  branch: BranchMessage[],
  reader: Principal,
): Promise<ConversationView> {
  const reach = await readableCollections(reader);
  const messages = await restrictCitations(branch, reach);
  return presentConversation(conversation, messages, await readableAmong(reach, conversation.collectionIds));
}
