'use client';

import { useEffect, useRef } from 'react';
import type { Source } from './types';

/** Ticks every source of the page, or none; half ticked while some are. */
export function TickAll({
  sources,
  chosen,
  onChange,
}: {
  sources: Source[];
  chosen: number;
  onChange: (on: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = chosen > 0 && chosen < sources.length;
  }, [chosen, sources.length]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label="Select every source on this page"
      checked={sources.length > 0 && chosen === sources.length}
      disabled={sources.length === 0}
      onChange={(e) => onChange(e.target.checked)}
      className="h-4 w-4 accent-accent"
      data-testid="tick-all"
    />
  );
}
