'use client';

import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * Keeps a scroll container pinned to the bottom while content grows, until the
 * reader scrolls up; scrolling back down (or jumpToLatest) pins it again.
 */
export function useAutoScroll(deps: unknown[]) {
  const ref = useRef<HTMLDivElement>(null);
  const [pinned, setPinned] = useState(true);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    setPinned(el.scrollHeight - el.scrollTop - el.clientHeight < 48);
  }, []);

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && pinned) el.scrollTop = el.scrollHeight;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- callers pass what makes the content grow
  }, [pinned, ...deps]);

  const jumpToLatest = useCallback(() => {
    const el = ref.current;
    if (el) el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
    setPinned(true);
  }, []);

  return { ref, pinned, onScroll, jumpToLatest };
}
