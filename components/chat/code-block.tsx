'use client';

import { useMemo, useState } from 'react';
import { CheckIcon, CopyIcon } from '@/components/ui/icons';
import { highlight } from './highlight';

export function CodeBlock({ code, language }: { code: string; language: string }) {
  const tokens = useMemo(() => highlight(code, language), [code, language]);
  const [copied, setCopied] = useState(false);

  async function copy() {
    await navigator.clipboard.writeText(code);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  }

  return (
    <div className="overflow-hidden rounded-lg border border-border bg-surface">
      <div className="flex items-center justify-between border-b border-border px-3 py-1 text-xs text-muted">
        <span>{language || 'code'}</span>
        <button
          type="button"
          onClick={copy}
          className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 hover:bg-surface-2"
        >
          {copied ? <CheckIcon width={14} height={14} /> : <CopyIcon width={14} height={14} />}
          {copied ? 'Copied' : 'Copy code'}
        </button>
      </div>
      <pre
        className="overflow-x-auto p-3 font-mono text-[13px] leading-relaxed"
        tabIndex={0}
        aria-label={`${language || 'Code'} example`}
      >
        <code>
          {tokens.map((t, i) =>
            t.kind === 'plain' ? (
              t.text
            ) : (
              <span key={i} className={`tok-${t.kind}`}>
                {t.text}
              </span>
            ),
          )}
        </code>
      </pre>
    </div>
  );
}
