'use client';

import { useSyncExternalStore } from 'react';

// The Models page's panels are separate client leaves: a connection added, changed or deleted
// in one changes the choices of another (the default model, the allowed models). Each reloads
// when this count moves.

let version = 0;
const listeners = new Set<() => void>();

/** The connections changed: every panel showing them or their models reloads. */
export function announceModelsChanged(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many times the connections changed since the page loaded: a dependency for a panel's reload. */
export function useModelsVersion(): number {
  return useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
}
