'use client';

import { useId, useRef, useState } from 'react';
import { markdownPreview } from '@/lib/markdown-preview';
import { describeLocation, isRestricted, RESTRICTED_LABEL, type Citation, type SourceCitation } from './types';

interface CitationLinkProps {
  index: number;
  citation: Citation;
  onOpen?: (index: number) => void;
}

/**
 * An inline [n] marker; for a source its reader may no longer read, a plain chip that says so
 * (nothing to preview or open).
 */
export function CitationLink(props: CitationLinkProps) {
  const { index, citation } = props;
  if (isRestricted(citation)) {
    return (
      <span
        role="note"
        data-testid="citation-restricted"
        aria-label={`Source ${index}: ${RESTRICTED_LABEL.toLowerCase()}`}
        title={RESTRICTED_LABEL}
        className="mx-0.5 inline-flex h-[1.15rem] min-w-[1.15rem] -translate-y-0.5 items-center justify-center rounded bg-surface-2 px-1 align-middle text-[11px] font-semibold text-muted"
      >
        {index}
      </span>
    );
  }
  return <SourceCitationLink {...props} citation={citation} />;
}

/**
 * An inline [n] marker. Hover or keyboard focus previews the source title and
 * snippet; activating it opens the passage in context.
 */
function SourceCitationLink({ index, citation, onOpen }: CitationLinkProps & { citation: SourceCitation }) {
  const [pos, setPos] = useState<{ left: number; top: number; below: boolean } | null>(null);
  const ref = useRef<HTMLButtonElement>(null);
  const tipId = useId();
  // Opened: the focus the passage's dialog gives back on closing does not bring the preview back.
  const opened = useRef(false);

  function show() {
    const rect = ref.current?.getBoundingClientRect();
    if (!rect) return;
    const width = Math.min(320, window.innerWidth - 16);
    const left = Math.min(Math.max(8, rect.left + rect.width / 2 - width / 2), window.innerWidth - width - 8);
    const below = rect.top < 180;
    setPos({ left, top: below ? rect.bottom + 6 : rect.top - 6, below });
  }

  const where = describeLocation(citation);
  // The marker sits in a no-wrap group (remark-citations keeps [1][2] together): the preview
  // wraps its own text again.
  return (
    <>
      <button
        ref={ref}
        type="button"
        data-testid="citation-link"
        aria-label={`Source ${index}: ${citation.title}`}
        aria-describedby={pos ? tipId : undefined}
        onMouseEnter={show}
        onMouseLeave={() => setPos(null)}
        onFocus={() => {
          if (opened.current) opened.current = false;
          else show();
        }}
        onBlur={() => setPos(null)}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.preventDefault(); // closes the preview only: the page's Esc would stop a reply
          setPos(null);
        }}
        onClick={() => {
          if (!onOpen) return;
          opened.current = true;
          setPos(null);
          onOpen(index);
        }}
        className="mx-0.5 inline-flex h-[1.15rem] min-w-[1.15rem] -translate-y-0.5 items-center justify-center rounded bg-accent-soft px-1 align-middle text-[11px] font-semibold text-accent hover:bg-accent hover:text-accent-fg"
      >
        {index}
      </button>
      {pos ? (
        <span
          id={tipId}
          role="tooltip"
          data-testid="citation-preview"
          className="pointer-events-none fixed z-50 block w-[min(20rem,calc(100vw-1rem))] whitespace-normal break-words rounded-lg border border-border bg-bg p-3 text-left text-sm font-normal shadow-lg"
          style={{ left: pos.left, top: pos.top, transform: pos.below ? undefined : 'translateY(-100%)' }}
        >
          <span dir="auto" className="block font-semibold">
            {citation.title}
          </span>
          {where ? <span className="mt-0.5 block text-xs text-muted">{where}</span> : null}
          <span data-testid="citation-preview-snippet" className="mt-1.5 line-clamp-4 text-muted">
            {markdownPreview(citation.snippet)}
          </span>
        </span>
      ) : null}
    </>
  );
}
