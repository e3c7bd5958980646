'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useState, type ComponentProps } from 'react';
import { ApiProblem, apiFetch, loadInEffect } from '@/components/client-api';
import { ChatView } from './chat-view';
import type { ConversationDetail } from './types';
import { useRestored } from './use-restored';

type Props = Omit<ComponentProps<typeof ChatView>, 'onStarted'> & { viewKey: string; renderId: string };

/**
 * The chat view, mounted afresh whenever the address comes back to "/". A chat started on the
 * home page moves the address to /c/{id} with history.replaceState, so its stream is not cut
 * by a navigation; the router still holds "/" as the page, and following "New chat" there
 * reuses that page, server key included. The address is what changed, so it is what counts.
 *
 * What Back and Forward bring back is never shown as it was: a conversation is read again (its
 * messages may have grown, or it may be gone), and the history entry of a chat started on "/",
 * which still holds "/" as its page (an empty chat under the conversation's address, where a
 * message would start another one), is replaced by a navigation to that address. A conversation
 * deleted since gets the server's 404 page either way.
 */
export function FreshChatView({ viewKey, renderId, initialConversation, ...props }: Props) {
  const pathname = usePathname();
  const router = useRouter();
  const [shown, setShown] = useState({ pathname, visit: 0 });
  const [started, setStarted] = useState<{ pathname: string; visit: number } | null>(null);
  if (shown.pathname !== pathname) setShown({ pathname, visit: pathname === '/' ? shown.visit + 1 : shown.visit });
  const stale =
    pathname !== '/' && !initialConversation && !(started?.pathname === pathname && started.visit === shown.visit);

  const restored = useRestored(renderId);
  const [conversation, setConversation] = useState(restored && initialConversation ? undefined : initialConversation);

  useEffect(() => {
    if (stale) router.replace(pathname);
  }, [stale, pathname, router]);

  useEffect(() => {
    if (conversation !== undefined || !initialConversation) return;
    return loadInEffect(
      (signal) => apiFetch<ConversationDetail>(`/api/conversations/${initialConversation.id}`, { signal }),
      setConversation,
      (_, e) => {
        if (e instanceof ApiProblem && e.status === 404) router.refresh();
        else setConversation(initialConversation); // unreachable: what was shown before
      },
    );
  }, [conversation, initialConversation, router]);

  if (stale || conversation === undefined)
    return <div className="flex-1" aria-busy="true" data-testid="chat-loading" />;
  return (
    <ChatView
      key={`${viewKey}:${shown.visit}`}
      {...props}
      initialConversation={conversation}
      onStarted={(id) => setStarted({ pathname: `/c/${id}`, visit: shown.visit })}
    />
  );
}
