'use client';

import { useEffect, useState } from 'react';

const shown = new Set<string>();

/**
 * Whether this server render was on screen before. Back and Forward bring a page back from the
 * router's cache as it was rendered then, so what it holds (a conversation's messages, the
 * sidebar's list) may have changed or gone since; a render shown for the first time is fresh.
 */
export function useRestored(renderId: string): boolean {
  const [restored] = useState(() => shown.has(renderId));
  useEffect(() => {
    shown.add(renderId);
  }, [renderId]);
  return restored;
}
