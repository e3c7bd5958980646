'use client';

import { useEffect, useRef } from 'react';

/**
 * A textarea that grows with its text up to `max` pixels, so a long message stays visible
 * without a jumpy layout. Attach the returned ref; `value` is the text it holds.
 */
export function useAutoGrow(value: unknown, max: number) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, max)}px`;
  }, [value, max]);
  return ref;
}
