import type { Conversation } from '@/lib/db/generated/client';
import type { ConversationSummary, ConversationView } from '@/lib/schemas/conversations';
import type { BranchMessage } from './read-branch';
import { toUIMessage } from './to-ui-message';

export function presentSummary(c: Pick<Conversation, 'id' | 'title' | 'createdAt' | 'updatedAt'>): ConversationSummary {
  return { id: c.id, title: c.title, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString() };
}

/** `messages` and `collectionIds` as the reader may see them (conversation-view.ts). */
export function presentConversation(
  c: Conversation,
  messages: BranchMessage[],
  collectionIds: string[],
): ConversationView {
  return { ...presentSummary(c), collectionIds, messages: messages.map(toUIMessage) };
}
