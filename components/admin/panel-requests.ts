'use client';

import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';

// The admin page's panels are separate client leaves under a server page. Rather than lift their
// state into it, one panel asks another to act through this store: a typed list of requests, and
// a count of changes to the sources that panels showing sources reload on.

interface PanelRequests {
  /** Show what the assistant retrieves for a text, in the Test retrieval panel. */
  testRetrieval: string;
  /** Add a question to the assistant's starter questions, unsaved. */
  addStarter: string;
  /** Show a source in the sources table, searched for by its title (any status). */
  findSource: string;
  /** Show only a crawl's pages in the sources table. */
  showCrawlPages: { id: string; label: string };
}

type Kind = keyof PanelRequests;
type Listener<K extends Kind> = (value: PanelRequests[K]) => void;

const handlers: { [K in Kind]: Set<Listener<K>> } = {
  testRetrieval: new Set(),
  addStarter: new Set(),
  findSource: new Set(),
  showCrawlPages: new Set(),
};

/** Asks the panel that handles `kind` to act; nothing happens when no such panel is on the page. */
export function requestPanel<K extends Kind>(kind: K, value: PanelRequests[K]): void {
  for (const handle of handlers[kind]) handle(value);
}

/** Subscribes to requests of one kind; returns the unsubscribe. */
export function onPanelRequest<K extends Kind>(kind: K, handle: Listener<K>): () => void {
  handlers[kind].add(handle);
  return () => handlers[kind].delete(handle);
}

/** Handles the requests of one kind while the component is mounted (always its latest `handle`). */
export function usePanelRequest<K extends Kind>(kind: K, handle: Listener<K>): void {
  const onRequest = useEffectEvent(handle);
  useEffect(() => onPanelRequest(kind, (value) => onRequest(value)), [kind]);
}

let sourcesVersion = 0;
const sourcesListeners = new Set<() => void>();

/** The list of sources changed (an upload, a rename, a delete): every panel showing sources reloads. */
export function announceSourcesChanged(): void {
  sourcesVersion += 1;
  for (const listener of sourcesListeners) listener();
}

function subscribeToSources(listener: () => void) {
  sourcesListeners.add(listener);
  return () => sourcesListeners.delete(listener);
}

/** How many times the sources changed since the page loaded: a dependency for a panel's reload. */
export function useSourcesVersion(): number {
  return useSyncExternalStore(
    subscribeToSources,
    () => sourcesVersion,
    () => 0,
  );
}
