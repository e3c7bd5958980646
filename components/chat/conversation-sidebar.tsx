'use client';

import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiFetch, describeProblem } from '@/components/client-api';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CloseIcon, MenuIcon, PlusIcon } from '@/components/ui/icons';
import { useFocusAfter } from '@/components/ui/use-focus-after';
import { SEARCH_DELAY_MS, SearchField } from '@/components/ui/search-field';
import { ConversationItem } from './conversation-item';
import {
  appendConversations,
  patchConversation,
  removeConversation,
  replaceConversations,
  useConversations,
  useMoreCursor,
} from './conversations-store';
import { SIDEBAR_PAGE, type ConversationSummary } from './types';
import { useRestored } from './use-restored';
import { UserMenu, type ChatViewer } from './user-menu';

interface Found {
  q: string;
  items: ConversationSummary[];
  nextCursor: string | null;
}

type Page = { data: ConversationSummary[]; nextCursor: string | null };
const listUrl = (q: string | null, cursor?: string) =>
  `/api/conversations?limit=${SIDEBAR_PAGE}${q ? `&q=${encodeURIComponent(q)}` : ''}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

/**
 * The visitor's conversations, newest first, fifty at a time, and a search over their titles and
 * messages. A column on wide screens, a drawer on small ones.
 */
export function ConversationSidebar({
  initialConversations,
  initialCursor,
  renderId,
  isAdmin,
  assistantName,
  viewer,
  canSignIn,
}: {
  initialConversations: ConversationSummary[];
  initialCursor: string | null;
  renderId: string;
  isAdmin: boolean;
  /** The brand at the top: the assistant's name, as an admin set it. */
  assistantName: string;
  /** The signed-in person (the user menu), or null; `canSignIn`: a visitor is offered "Sign in". */
  viewer: ChatViewer | null;
  canSignIn: boolean;
}) {
  const conversations = useConversations(initialConversations);
  const moreCursor = useMoreCursor(initialCursor);
  const pathname = usePathname();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<ConversationSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const activeId = pathname.startsWith('/c/') ? pathname.slice(3) : null;
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Found | null>(null);
  const found = query.trim() ? results : null; // an emptied search box shows the recent ones again
  const shown = found ? found.items : conversations;

  // Searched as one types, a moment after the last key; an older answer never replaces a newer one.
  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiFetch<Page>(listUrl(q), { signal: controller.signal })
        .then((page) => setResults({ q, items: page.data, nextCursor: page.nextCursor }))
        .catch((e: unknown) => controller.signal.aborted || setError(describeProblem(e)));
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  // The next fifty: of the search results, or of the recent list.
  const nextCursor = found ? found.nextCursor : moreCursor;
  const [loadingMore, setLoadingMore] = useState(false);
  async function showMore() {
    if (!nextCursor || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await apiFetch<Page>(listUrl(found?.q ?? null, nextCursor));
      if (found)
        setResults((f) =>
          f && f.q === found.q ? { ...f, items: [...f.items, ...page.data], nextCursor: page.nextCursor } : f,
        );
      else appendConversations(page.data, page.nextCursor);
    } catch (e) {
      setError(describeProblem(e));
    } finally {
      setLoadingMore(false);
    }
  }

  // A rename or a deletion shows in the search results too.
  const patchResults = (change: (items: ConversationSummary[]) => ConversationSummary[]) =>
    setResults((f) => f && { ...f, items: change(f.items) });

  // Each server render brings the truth from the API; later local changes build on it. One that
  // Back or Forward brought back brings what was true then: the list is asked for again instead.
  const restored = useRestored(renderId);
  useEffect(() => {
    if (!restored) return replaceConversations(initialConversations, initialCursor);
    apiFetch<Page>(listUrl(null))
      .then((page) => replaceConversations(page.data, page.nextCursor))
      .catch(() => {}); // the list stays as it was shown last
  }, [restored, initialConversations, initialCursor]);

  // The drawer is modal: open, it has the focus and what is behind it cannot be reached (Tab, a
  // screen reader); closed, the focus goes back to ☰, unless a link in it was followed.
  const toggle = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const focusToggleAfter = useFocusAfter(toggle, !open);
  const closeDrawer = useCallback(
    (refocus = true) => {
      focusToggleAfter(refocus);
      setOpen(false);
    },
    [focusToggleAfter],
  );
  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const behind = [...document.querySelectorAll('[data-behind-drawer]')];
    for (const el of behind) el.setAttribute('inert', '');
    // Before the page's own Esc (capture), which would stop a reply being written: Esc closes the drawer only.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      closeDrawer();
    };
    // A screen grown wide enough shows the sidebar as a column: no drawer is open.
    const wide = window.matchMedia('(min-width: 768px)');
    const onWide = () => wide.matches && setOpen(false);
    window.addEventListener('keydown', onKey, true);
    wide.addEventListener('change', onWide);
    return () => {
      for (const el of behind) el.removeAttribute('inert');
      window.removeEventListener('keydown', onKey, true);
      wide.removeEventListener('change', onWide);
    };
  }, [open, closeDrawer]);

  async function rename(id: string, title: string) {
    try {
      await apiFetch(`/api/conversations/${id}`, { method: 'PATCH', json: { title } });
      patchConversation(id, { title });
      patchResults((items) => items.map((c) => (c.id === id ? { ...c, title } : c)));
      // The header reads an open conversation's title from the recent list; one older than that
      // list (found by the search) has its title from the server render, so render again.
      if (id === activeId && !conversations.some((c) => c.id === id)) router.refresh();
    } catch (e) {
      setError(describeProblem(e));
    }
  }

  async function confirmDelete() {
    if (!pendingDelete) return;
    setBusy(true);
    try {
      await apiFetch(`/api/conversations/${pendingDelete.id}`, { method: 'DELETE' });
      removeConversation(pendingDelete.id);
      patchResults((items) => items.filter((c) => c.id !== pendingDelete.id));
      // The open one's address leaves the history: Back goes to the page before it.
      if (pendingDelete.id === activeId) router.replace('/');
    } catch (e) {
      setError(describeProblem(e));
    } finally {
      setBusy(false);
      setPendingDelete(null);
    }
  }

  return (
    <>
      <button
        type="button"
        aria-label="Open conversations"
        aria-expanded={open}
        aria-controls="conversation-sidebar"
        data-testid="sidebar-toggle"
        ref={toggle}
        data-behind-drawer
        onClick={() => setOpen(true)}
        className="fixed left-2 top-2 z-30 inline-flex h-10 w-10 items-center justify-center rounded-lg text-fg hover:bg-surface-2 md:hidden"
      >
        <MenuIcon />
      </button>
      {open ? (
        <div className="fixed inset-0 z-30 bg-black/40 md:hidden" onClick={() => closeDrawer()} aria-hidden="true" />
      ) : null}
      <nav
        id="conversation-sidebar"
        aria-label="Conversations"
        data-testid="sidebar"
        className={`fixed inset-y-0 left-0 z-40 flex w-72 flex-col border-r border-border bg-surface transition-transform md:static md:z-auto md:w-64 md:translate-x-0 ${open ? 'translate-x-0' : '-translate-x-full md:translate-x-0'} ${open ? '' : 'max-md:invisible'}`}
      >
        <div className="flex items-center gap-2 p-3">
          <Link
            href="/"
            className="mr-auto flex min-w-0 items-center gap-2 px-1 text-[15px] font-semibold"
            onClick={() => closeDrawer(false)}
          >
            <span aria-hidden="true" className="inline-block h-6 w-6 shrink-0 rounded-md bg-accent" />
            <span dir="auto" className="truncate" title={assistantName} data-testid="assistant-name">
              {assistantName}
            </span>
          </Link>
          <button
            type="button"
            ref={closeButton}
            aria-label="Close conversations"
            onClick={() => closeDrawer()}
            className="rounded-lg p-2 hover:bg-surface-2 md:hidden"
          >
            <CloseIcon />
          </button>
        </div>
        <div className="px-3">
          <Link
            href="/"
            data-testid="new-chat"
            onClick={() => closeDrawer(false)}
            className="flex h-10 items-center gap-2 rounded-lg border border-border bg-bg px-3 text-sm font-medium hover:bg-surface-2"
          >
            <PlusIcon width={16} height={16} /> New chat
          </Link>
        </div>
        <div className="px-3 pt-3">
          <SearchField
            value={query}
            onChange={setQuery}
            label="Search conversations"
            placeholder="Search chats"
            testId="conversation-search"
          />
        </div>
        <h2 className="px-4 pb-1 pt-4 text-xs font-medium uppercase tracking-wide text-muted">
          {found ? 'Results' : 'Recent'}
        </h2>
        <ul className="min-h-0 flex-1 space-y-0.5 overflow-y-auto px-2 pb-3" data-testid="conversation-list">
          {shown.length === 0 ? (
            <li className="px-3 py-2 text-sm text-muted">
              {found ? `No conversation mentions “${found.q}”.` : 'No conversations yet.'}
            </li>
          ) : null}
          {shown.map((c) => (
            <li key={c.id}>
              <ConversationItem
                conversation={c}
                active={c.id === activeId}
                onRename={(title) => rename(c.id, title)}
                onDelete={() => setPendingDelete(c)}
                onNavigate={() => closeDrawer(false)}
              />
            </li>
          ))}
          {nextCursor ? (
            <li>
              <button
                type="button"
                onClick={showMore}
                disabled={loadingMore}
                data-testid={found ? 'more-results' : 'more-conversations'}
                className="w-full rounded-lg px-3 py-2 text-left text-sm text-muted hover:bg-surface-2 hover:text-fg disabled:opacity-60"
              >
                {found ? 'More results' : 'Show more'}
              </button>
            </li>
          ) : null}
        </ul>
        {error ? (
          <p role="alert" className="mx-3 mb-2 rounded-md bg-danger-soft px-2 py-1.5 text-xs text-danger">
            {error}
          </p>
        ) : null}
        <div className="space-y-1 border-t border-border p-3 text-sm">
          <UserMenu viewer={viewer} canSignIn={canSignIn} />
          <Link
            href="/admin"
            className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-muted hover:bg-surface-2 hover:text-fg"
          >
            {isAdmin ? 'Knowledge & keys' : viewer?.editsKnowledge ? 'Knowledge' : 'Admin sign-in'}
          </Link>
        </div>
      </nav>
      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete this conversation?"
        confirmLabel="Delete"
        busy={busy}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      >
        “{pendingDelete?.title || 'New conversation'}” and its messages will be removed for good.
      </ConfirmDialog>
    </>
  );
}
