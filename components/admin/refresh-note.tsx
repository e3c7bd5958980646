'use client';

import { refreshParts } from './refresh-times';
import type { RefreshFields } from './types';
import { useNow } from './use-now';

/** "Checked 5 min ago · changed 2 days ago · next in 55 min", each part's exact time in its title. */
export function RefreshNote({ item, className = '' }: { item: RefreshFields; className?: string }) {
  const now = useNow();
  const parts = refreshParts(item, now);
  if (!parts.length) return null;
  return (
    <span className={`block text-xs text-muted ${className}`} data-testid="refresh-note">
      {parts.map((p, i) => (
        <span key={p.key}>
          {i ? ' · ' : ''}
          <span title={p.title} data-testid={`refresh-${p.key}`}>
            {p.text}
          </span>
        </span>
      ))}
    </span>
  );
}
