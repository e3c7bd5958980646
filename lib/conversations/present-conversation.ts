import type { Conversation } from '@/lib/db/generated/client';
import type { ConversationSummary, ConversationView } from '@/lib/schemas/conversations';
import type { BranchMessage } from './read-branch';
import { toUIMessage } from './to-ui-message';

export function presentSummary(c: Pick<Conversation, 'id' | 'title' | 'createdAt' | 'updatedAt'>): ConversationSummary {
  return { id: c.id, title: c.title, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString() };
}

export function presentConversation(c: Conversation, messages: BranchMessage[]): ConversationView {
  return { ...presentSummary(c), messages: messages.map(toUIMessage) };
}
