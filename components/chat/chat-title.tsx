'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { useConversations } from './conversations-store';
import type { ConversationSummary } from './types';

/**
 * The open conversation's title; follows renames and the title the server gives a new chat. A
 * conversation older than the sidebar's list (opened from a search) shows the title of the last
 * server render, which the sidebar asks for again when it renames one.
 */
export function ChatTitle({
  initialConversations,
  initialTitle,
  assistantName,
}: {
  initialConversations: ConversationSummary[];
  initialTitle: string | null;
  assistantName: string;
}) {
  const conversations = useConversations(initialConversations);
  const pathname = usePathname();
  const id = pathname.startsWith('/c/') ? pathname.slice(3) : null;
  const listed = id ? conversations.find((c) => c.id === id) : undefined;
  const title = (listed ? listed.title : id && initialTitle) || 'New chat';
  // The tab follows too: a chat started here, or renamed, changes its title without a navigation.
  useEffect(() => {
    document.title = id ? `${title} · ${assistantName}` : assistantName;
  }, [id, title, assistantName]);
  return (
    <h1 dir="auto" className="truncate text-sm font-medium" data-testid="chat-title">
      {title}
    </h1>
  );
}
