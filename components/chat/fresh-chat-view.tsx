'use client';

import { usePathname } from 'next/navigation';
import { useState, type ComponentProps } from 'react';
import { ChatView } from './chat-view';

/**
 * The chat view, mounted afresh whenever the address comes back to "/". A chat started on the
 * home page moves the address to /c/{id} with history.replaceState, so its stream is not cut
 * by a navigation; the router still holds "/" as the page, and following "New chat" there
 * reuses that page, server key included. The address is what changed, so it is what counts.
 */
export function FreshChatView({ viewKey, ...props }: ComponentProps<typeof ChatView> & { viewKey: string }) {
  const pathname = usePathname();
  const [shown, setShown] = useState({ pathname, visit: 0 });
  if (shown.pathname !== pathname) setShown({ pathname, visit: pathname === '/' ? shown.visit + 1 : shown.visit });
  return <ChatView key={`${viewKey}:${shown.visit}`} {...props} />;
}
