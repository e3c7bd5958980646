'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CopyIcon } from '@/components/ui/icons';

/** An invitation or reset link, shown once for the admin to copy and pass on. */
export function OneTimeLink({ label, url, onDone }: { label: string; url: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div
      className="mt-3 rounded-lg border border-warning/40 bg-warning-soft p-3 text-sm"
      role="status"
      data-testid="one-time-link"
    >
      <p className="font-medium text-warning">{label}: copy this link now and pass it on. It is shown only once.</p>
      <div className="mt-2 flex items-center gap-2">
        <code
          className="min-w-0 flex-1 truncate rounded bg-bg px-2 py-1.5 font-mono text-xs"
          data-testid="one-time-link-url"
        >
          {url}
        </code>
        <Button
          size="sm"
          onClick={async () => {
            await navigator.clipboard.writeText(url);
            setCopied(true);
          }}
        >
          <CopyIcon width={14} height={14} /> {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
