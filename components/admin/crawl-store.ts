'use client';

import { useSyncExternalStore } from 'react';
import type { CrawlView } from './types';

// The crawls panel publishes the crawls it loads here, so a page's row in the sources table
// can name its crawl without a request of its own.

let names = new Map<string, string>();
const listeners = new Set<() => void>();

/** What a crawl is called on screen: its title, else its start address. */
export const crawlLabel = (c: Pick<CrawlView, 'title' | 'url'>) => c.title ?? c.url;

export function publishCrawls(crawls: CrawlView[]) {
  const next = new Map(names);
  for (const c of crawls) next.set(c.id, crawlLabel(c));
  if (next.size === names.size && crawls.every((c) => names.get(c.id) === crawlLabel(c))) return;
  names = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A crawl's label, once the crawls panel has loaded it (null until then). */
export function useCrawlLabel(id: string | undefined): string | null {
  return useSyncExternalStore(
    subscribe,
    () => (id ? (names.get(id) ?? null) : null),
    () => null,
  );
}
