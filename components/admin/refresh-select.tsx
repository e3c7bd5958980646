'use client';

import { REFRESH_LABEL } from './refresh-times';
import type { RefreshInterval } from './types';

const choices = ['', 'hourly', 'daily', 'weekly'] as const;

/** The refresh schedule of a web page or a crawl: Never, Hourly, Daily or Weekly. */
export function RefreshSelect({
  id,
  value,
  onChange,
  label = 'Refresh',
  disabled = false,
  testId,
  hideLabel = false,
}: {
  id: string;
  value: RefreshInterval | null;
  onChange: (value: RefreshInterval | null) => void;
  label?: string;
  disabled?: boolean;
  testId: string;
  /** The label for screen readers only (a row that names the item already). */
  hideLabel?: boolean;
}) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm text-muted'}>
        {label}
      </label>
      <select
        id={id}
        data-testid={testId}
        value={value ?? ''}
        disabled={disabled}
        onChange={(e) => onChange((e.target.value || null) as RefreshInterval | null)}
        className="h-9 rounded-lg border border-border bg-bg px-2 text-sm disabled:opacity-50"
      >
        {choices.map((c) => (
          <option key={c} value={c}>
            {c ? REFRESH_LABEL[c] : 'Never'}
          </option>
        ))}
      </select>
    </div>
  );
}
