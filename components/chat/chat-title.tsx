'use client';

import { usePathname } from 'next/navigation';
import { useConversations } from './conversations-store';
import type { ConversationSummary } from './types';

/** The open conversation's title; follows renames and the title the server gives a new chat. */
export function ChatTitle({ initialConversations }: { initialConversations: ConversationSummary[] }) {
  const conversations = useConversations(initialConversations);
  const pathname = usePathname();
  const id = pathname.startsWith('/c/') ? pathname.slice(3) : null;
  const title = (id && conversations.find((c) => c.id === id)?.title) || 'New chat';
  return (
    <h1 dir="auto" className="truncate text-sm font-medium" data-testid="chat-title">
      {title}
    </h1>
  );
}
