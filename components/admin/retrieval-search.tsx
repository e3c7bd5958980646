'use client';

import { useCallback, useRef, useState } from 'react';
import { PassageDialog } from '@/components/chat/passage-dialog';
import { apiFetch, describeProblem } from '@/components/client-api';
import { Button } from '@/components/ui/button';
import { SearchIcon } from '@/components/ui/icons';
import { markdownPreview } from '@/lib/markdown-preview';
import { usePanelRequest } from './panel-requests';
import type { SearchResult } from './types';

function where(r: SearchResult): string {
  const bits: string[] = [];
  if (r.location.headings?.length) bits.push(r.location.headings.join(' › '));
  if (r.location.page)
    bits.push(r.location.pageEnd ? `pages ${r.location.page}–${r.location.pageEnd}` : `page ${r.location.page}`);
  bits.push(`chars ${r.location.start}–${r.location.end}`);
  return bits.join(' · ');
}

/**
 * Runs the assistant's own retrieval, so an admin sees which passages an answer would draw on;
 * a result opens its whole source at the passage.
 */
export function RetrievalSearch() {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SearchResult[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const opened = open !== null ? results?.[open] : undefined;

  const run = useCallback(async (text: string) => {
    if (!text.trim()) return;
    setBusy(true);
    try {
      const body = await apiFetch<{ data: SearchResult[] }>(
        `/api/knowledge/search?${new URLSearchParams({ q: text.trim(), k: '8' })}`,
      );
      setResults(body.data);
      setError(null);
    } catch (err) {
      setError(describeProblem(err));
    } finally {
      setBusy(false);
    }
  }, []);

  // Another widget (a rated question) asks to see what the assistant would retrieve for a text.
  const section = useRef<HTMLElement>(null);
  usePanelRequest('testRetrieval', (text) => {
    setQuery(text);
    section.current?.scrollIntoView({ block: 'start' });
    void run(text);
  });

  return (
    <section
      ref={section}
      aria-labelledby="search-heading"
      className="min-w-0 rounded-xl border border-border bg-surface p-4 sm:p-5"
    >
      <h2 id="search-heading" className="text-base font-semibold">
        Test retrieval
      </h2>
      <p className="mt-1 text-sm text-muted">The same search the assistant runs before it answers.</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run(query);
        }}
        className="mt-3 flex gap-2"
        role="search"
      >
        <label htmlFor="retrieval-query" className="sr-only">
          Search the knowledge base
        </label>
        <input
          id="retrieval-query"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="A question a visitor might ask"
          data-testid="retrieval-query"
          className="h-10 w-full rounded-lg border border-border bg-bg px-3 text-sm outline-none focus:border-accent"
        />
        <Button type="submit" variant="primary" disabled={busy} data-testid="retrieval-submit">
          <SearchIcon width={16} height={16} /> Search
        </Button>
      </form>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {results ? (
        results.length === 0 ? (
          <p className="mt-3 text-sm text-muted">Nothing found.</p>
        ) : (
          <ol className="mt-3 space-y-2" data-testid="retrieval-results">
            {results.map((r, i) => (
              <li key={r.chunkId} className="rounded-lg border border-border bg-bg p-3" data-testid="retrieval-result">
                <div className="flex items-baseline gap-2 text-sm">
                  <span className="font-semibold tabular-nums text-muted">{i + 1}.</span>
                  <button
                    type="button"
                    dir="auto"
                    onClick={() => setOpen(i)}
                    title="Show this passage in its source"
                    data-testid="retrieval-open"
                    className="min-w-0 flex-1 truncate text-left font-medium text-accent hover:underline"
                  >
                    {r.title}
                  </button>
                  <span
                    className="shrink-0 rounded bg-accent-soft px-1.5 py-0.5 font-mono text-xs text-accent"
                    data-testid="retrieval-score"
                  >
                    {r.score.toFixed(3)}
                  </span>
                </div>
                <p className="mt-0.5 text-xs text-muted">{where(r)}</p>
                <p dir="auto" className="mt-1.5 line-clamp-3 text-sm">
                  {markdownPreview(r.text)}
                </p>
              </li>
            ))}
          </ol>
        )
      ) : null}
      {opened ? <PassageDialog passage={opened} label={`Result ${open! + 1}`} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
