'use client';

import { useCallback, useLayoutEffect, useRef, useState } from 'react';

const SLACK = 48;

const atBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight < SLACK;

/**
 * The view is above where the last auto-scroll put it. Content that shrinks (a reply cleared for
 * a Regenerate) moves the view up too, but leaves it at the bottom: only a view above the bottom
 * was moved by the reader.
 */
const movedUpFrom = (el: HTMLElement, lastAutoTop: number | null) =>
  lastAutoTop !== null && el.scrollTop < lastAutoTop - 4 && !atBottom(el);

/**
 * Keeps a scroll container pinned to the bottom while content grows, until the
 * reader scrolls up; scrolling back down (or jumpToLatest) pins it again.
 *
 * A reader's scroll and a streamed chunk can land in the same frame, before the
 * scroll event arrives; so besides the event, each auto-scroll first checks
 * whether the view moved up since the last one and, if so, lets go.
 */
export function useAutoScroll(deps: unknown[]) {
  const ref = useRef<HTMLDivElement>(null);
  const lastAutoTop = useRef<number | null>(null);
  const [pinned, setPinned] = useState(true);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    if (atBottom(el)) setPinned(true);
    else if (movedUpFrom(el, lastAutoTop.current)) setPinned(false);
  }, []);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !pinned) return;
    if (movedUpFrom(el, lastAutoTop.current)) {
      // Let go here and now, without waiting for the scroll event.
      setPinned(false);
      return;
    }
    el.scrollTop = el.scrollHeight;
    lastAutoTop.current = el.scrollTop;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- callers pass what makes the content grow
  }, [pinned, ...deps]);

  const jumpToLatest = useCallback(() => {
    const el = ref.current;
    lastAutoTop.current = null;
    if (el) el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
    setPinned(true);
  }, []);

  return { ref, pinned, onScroll, jumpToLatest };
}
