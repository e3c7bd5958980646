'use client';

import { useSyncExternalStore } from 'react';
import type { Source } from './types';

// The upload list and the sources table fetch the same sources on their own
// schedules; both publish what they get here and read the newest copy back,
// so the two never disagree about a source's status on screen.

const latest = new Map<string, Source>();

// A refresh that found a page unchanged moves its times, not its status (nor, maybe, updatedAt).
const sameTimes = (a: Source, b: Source) =>
  a.checkedAt === b.checkedAt &&
  a.changedAt === b.changedAt &&
  a.nextRefreshAt === b.nextRefreshAt &&
  a.refresh === b.refresh;
const listeners = new Set<() => void>();

export function publishSources(sources: Source[]) {
  let changed = false;
  for (const s of sources) {
    const known = latest.get(s.id);
    if (
      !known ||
      known.updatedAt < s.updatedAt ||
      (known.updatedAt === s.updatedAt && (known.status !== s.status || !sameTimes(known, s)))
    ) {
      latest.set(s.id, s);
      changed = true;
    }
  }
  if (changed) for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The newest known copy of a source, outside React (the hook below is the same for a component). */
export function latestSource(source: Source): Source {
  const newest = latest.get(source.id);
  return newest && newest.updatedAt >= source.updatedAt ? newest : source;
}

/** The newest known copy of a source (or the given one while nothing newer is known). */
export function useLatestSource<T extends Source | null>(source: T): T {
  const id = source?.id;
  const newest = useSyncExternalStore(
    subscribe,
    () => (id ? latest.get(id) : undefined),
    () => undefined,
  );
  return (source && newest ? latestSource(source) : source) as T;
}
