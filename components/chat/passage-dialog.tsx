'use client';

import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { describeLocation, type Citation } from './types';

interface Hit {
  chunkId: string;
  text: string;
}

type Context = { state: 'loading' } | { state: 'found'; text: string } | { state: 'gone' } | { state: 'snippet-only' };

function trimEllipsis(s: string) {
  return s.replace(/^[\s.…]+|[\s.…]+$/g, '');
}

/** Where the snippet sits in the passage, ignoring how whitespace was collapsed in the snippet. */
function locate(text: string, snippet: string): { start: number; end: number } | null {
  const words = snippet.split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  const pattern = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+'));
  const match = pattern.exec(text);
  return match ? { start: match.index, end: match.index + match[0].length } : null;
}

/**
 * Shows a cited passage in its surrounding text: the cited chunk is looked up
 * through the same retrieval endpoint the assistant used, and the snippet is
 * marked inside it. A source deleted since the answer is said to be gone.
 */
export function PassageDialog({ citation, index, onClose }: { citation: Citation; index: number; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [context, setContext] = useState<Context>({ state: 'loading' });

  useEffect(() => {
    ref.current?.showModal();
    const params = new URLSearchParams({ q: trimEllipsis(citation.snippet).slice(0, 300) || citation.title, sourceId: citation.sourceId, k: '10' });
    let cancelled = false;
    fetch(`/api/knowledge/search?${params}`)
      .then(async (res) => {
        if (!res.ok) return setContext({ state: res.status === 404 ? 'gone' : 'snippet-only' });
        const body = (await res.json()) as { data: Hit[] };
        const hit = body.data.find((h) => h.chunkId === citation.chunkId);
        if (!cancelled) setContext(hit ? { state: 'found', text: hit.text } : body.data.length ? { state: 'snippet-only' } : { state: 'gone' });
      })
      .catch(() => !cancelled && setContext({ state: 'snippet-only' }));
    return () => {
      cancelled = true;
    };
  }, [citation]);

  const where = describeLocation(citation);
  const snippet = trimEllipsis(citation.snippet);
  let body: React.ReactNode = <blockquote className="border-l-4 border-accent pl-3">{citation.snippet}</blockquote>;
  if (context.state === 'found') {
    const at = locate(context.text, snippet);
    body = !at ? (
      <p className="whitespace-pre-wrap">{context.text}</p>
    ) : (
      <p className="whitespace-pre-wrap">
        {context.text.slice(0, at.start)}
        <mark data-testid="passage-highlight" className="rounded bg-mark px-0.5 text-fg">
          {context.text.slice(at.start, at.end)}
        </mark>
        {context.text.slice(at.end)}
      </p>
    );
  }

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="passage-title"
      data-testid="passage-dialog"
      className="m-auto max-h-[85vh] w-[min(94vw,40rem)] overflow-hidden rounded-xl border border-border bg-bg p-0 text-fg shadow-xl backdrop:bg-black/40"
    >
      <div className="flex items-start justify-between gap-3 border-b border-border px-5 py-4">
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-muted">Source {index}</p>
          <h2 id="passage-title" dir="auto" className="truncate text-base font-semibold" data-testid="passage-title">
            {citation.title}
          </h2>
          {where ? <p className="text-sm text-muted">{where}</p> : null}
        </div>
        <Button variant="ghost" size="icon" aria-label="Close" onClick={() => ref.current?.close()}>
          <CloseIcon />
        </Button>
      </div>
      <div className="max-h-[60vh] overflow-y-auto px-5 py-4 text-sm leading-relaxed" data-testid="passage-text" tabIndex={0} aria-label="Passage">
        {context.state === 'loading' ? (
          <p className="flex items-center gap-2 text-muted">
            <Spinner /> Loading the passage…
          </p>
        ) : null}
        {context.state === 'gone' ? <p className="mb-3 text-sm text-warning">This source is no longer in the knowledge base. The cited snippet:</p> : null}
        {context.state !== 'loading' ? body : null}
      </div>
    </dialog>
  );
}
