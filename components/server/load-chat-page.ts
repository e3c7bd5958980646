import 'server-only';
import { randomUUID } from 'node:crypto';
import { cache } from 'react';
import {
  SIDEBAR_PAGE,
  type ChatMessage,
  type ConversationDetail,
  type ConversationSummary,
} from '@/components/chat/types';
import { editableCollections, readableCollections } from '@/lib/access';
import type { AssistantProfile } from '@/lib/assistant/assistant-profile';
import { currentAssistant } from '@/lib/assistant/assistant-store';
import { config } from '@/lib/config';
import { listConversations } from '@/lib/conversations/list-conversations';
import { loadConversation } from '@/lib/conversations/load-conversation';
import { prisma } from '@/lib/db';
import type { ChatViewer } from '@/components/chat/user-menu';
import { authOptions } from '@/lib/users/auth-options';
import { findUser } from '@/lib/users/user-records';
import { pagePrincipal } from './page-principal';
import { clipAtWord } from '@/lib/clip-text';

export interface ChatPageData {
  /** This render's own id: a page Back or Forward brings back from the router's cache has one already shown. */
  renderId: string;
  conversations: ConversationSummary[];
  /** Where the sidebar's "Show more" goes on from (null: every conversation is listed). */
  conversationsCursor: string | null;
  conversation: ConversationDetail | null;
  isAdmin: boolean;
  hasKnowledge: boolean;
  /** The questions a new conversation offers: the admins' starters, else ones about the newest documents. */
  examples: string[];
  /** What the assistant calls itself and how a new conversation greets people. */
  assistant: Pick<AssistantProfile, 'name' | 'greeting' | 'description'>;
  /** The longest message the server takes (MAX_MESSAGE_CHARS). */
  maxMessageChars: number;
  /** The signed-in person, for the user menu; null for a visitor or an admin's key session. */
  viewer: ChatViewer | null;
  /** Whether a visitor could sign in here (password or single sign-on): the menu then offers it. */
  canSignIn: boolean;
}

const EXAMPLES = 4;

/**
 * Everything the chat page renders first, through the same lib functions the
 * /api/conversations routes use. `conversation` is undefined when the id is
 * unknown or someone else's: the page answers 404 either way.
 */
export const loadChatPage = cache(async function loadChatPage(
  conversationId: string | null,
): Promise<ChatPageData | undefined> {
  const principal = await pagePrincipal();
  // The example questions name documents: only ones this visitor may read.
  const reach = await readableCollections(principal);
  const db = await prisma();
  // Without starters from the admins, questions about the newest documents, which any model answers from
  // retrieval alone (a question about the knowledge as a whole, or about "the latest document", retrieval cannot serve).
  const [ready, { profile }, options, person] = await Promise.all([
    db.source.findMany({
      where: { status: 'ready', ...(reach.all ? {} : { collectionId: { in: reach.collectionIds } }) },
      select: { title: true },
      orderBy: { createdAt: 'desc' },
      take: 3 * EXAMPLES,
    }),
    currentAssistant(),
    authOptions(),
    principal?.kind === 'user' ? findUser(principal.id) : null,
  ]);
  const editable = person && principal ? await editableCollections(principal) : null;
  const examples =
    profile.starters.length > 0
      ? profile.starters
      : [...new Set(ready.map((s) => `What does “${clipAtWord(s.title, 60)}” say?`))].slice(0, EXAMPLES);
  const base = {
    renderId: randomUUID(),
    isAdmin: principal?.role === 'admin',
    hasKnowledge: ready.length > 0,
    examples,
    assistant: { name: profile.name, greeting: profile.greeting, description: profile.description },
    maxMessageChars: config().MAX_MESSAGE_CHARS,
    viewer: person
      ? {
          name: person.name,
          email: person.email,
          editsKnowledge: editable !== null && (editable.all || editable.collectionIds.length > 0),
        }
      : null,
    canSignIn: options.password || options.oidc,
  };

  if (!principal)
    return conversationId ? undefined : { ...base, conversations: [], conversationsCursor: null, conversation: null };
  const { data, nextCursor } = await listConversations({ ownerId: principal.id, limit: SIDEBAR_PAGE });
  const listed = { ...base, conversations: data, conversationsCursor: nextCursor };
  if (!conversationId) return { ...listed, conversation: null };
  try {
    const conversation = await loadConversation({ id: conversationId, principal });
    return { ...listed, conversation: { ...conversation, messages: conversation.messages as ChatMessage[] } };
  } catch {
    return undefined;
  }
});
