'use client';

import { useEffect, useState } from 'react';

/** The time now, moving on every `everyMs` (relative times such as "5 min ago" stay true). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
