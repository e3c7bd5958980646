'use client';

import { useSyncExternalStore } from 'react';
import type { ConversationSummary } from './types';

// The sidebar and the chat are separate client leaves; this tiny store lets the
// chat announce a new or retitled conversation without lifting state into a page.
// It holds the sidebar's recent list: the newest page from the server, and the
// older pages "Show more" added, with the cursor the next one starts from.

interface State {
  items: ConversationSummary[];
  cursor: string | null;
  /** Older pages were added: a fresh first page must not drop them. */
  extended: boolean;
}

let state: State | null = null;
const listeners = new Set<() => void>();

function set(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

const items = () => state?.items ?? [];
/** A local change to the list: the cursor and older pages stay as they are. */
const setItems = (next: ConversationSummary[]) => set({ cursor: null, extended: false, ...state, items: next });

export function upsertConversation(conversation: ConversationSummary) {
  const rest = items().filter((c) => c.id !== conversation.id);
  setItems([conversation, ...rest].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)));
}

export function patchConversation(id: string, patch: Partial<ConversationSummary>) {
  setItems(items().map((c) => (c.id === id ? { ...c, ...patch } : c)));
}

export function removeConversation(id: string) {
  setItems(items().filter((c) => c.id !== id));
}

/**
 * The newest page, fresh from the server. Older pages already shown stay below it (those older
 * than its last one), and "Show more" goes on from where it was.
 */
export function replaceConversations(page: ConversationSummary[], nextCursor: string | null) {
  if (!state?.extended || nextCursor === null) return set({ items: page, cursor: nextCursor, extended: false });
  const ids = new Set(page.map((c) => c.id));
  const last = page.at(-1)?.updatedAt ?? '';
  const older = state.items.filter((c) => !ids.has(c.id) && c.updatedAt < last);
  set({ ...state, items: [...page, ...older] });
}

/** An older page, from "Show more". */
export function appendConversations(page: ConversationSummary[], nextCursor: string | null) {
  const ids = new Set(items().map((c) => c.id));
  set({ items: [...items(), ...page.filter((c) => !ids.has(c.id))], cursor: nextCursor, extended: true });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConversations(initial: ConversationSummary[]): ConversationSummary[] {
  return useSyncExternalStore(
    subscribe,
    () => state?.items ?? initial,
    () => initial,
  );
}

/** Where "Show more" starts from; null when every conversation is listed. */
export function useMoreCursor(initial: string | null): string | null {
  return useSyncExternalStore(
    subscribe,
    () => (state ? state.cursor : initial),
    () => initial,
  );
}
