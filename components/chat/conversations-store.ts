'use client';

import { useSyncExternalStore } from 'react';
import type { ConversationSummary } from './types';

// The sidebar and the chat are separate client leaves; this tiny store lets the
// chat announce a new or retitled conversation without lifting state into a page.

let items: ConversationSummary[] | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function upsertConversation(conversation: ConversationSummary) {
  const rest = (items ?? []).filter((c) => c.id !== conversation.id);
  items = [conversation, ...rest].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  emit();
}

export function patchConversation(id: string, patch: Partial<ConversationSummary>) {
  items = (items ?? []).map((c) => (c.id === id ? { ...c, ...patch } : c));
  emit();
}

export function removeConversation(id: string) {
  items = (items ?? []).filter((c) => c.id !== id);
  emit();
}

export function replaceConversations(next: ConversationSummary[]) {
  items = next;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConversations(initial: ConversationSummary[]): ConversationSummary[] {
  return useSyncExternalStore(
    subscribe,
    () => items ?? initial,
    () => initial,
  );
}
