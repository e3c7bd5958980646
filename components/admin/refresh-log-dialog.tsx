'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { apiFetch, loadInEffect } from '@/components/client-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { formatAgo } from './refresh-times';
import { formatDate, type RefreshRun } from './types';
import { useNow } from './use-now';

const stateTone = { running: 'accent', done: 'success', failed: 'danger' } as const;
const stateLabel = { running: 'Running', done: 'Done', failed: 'Failed' } as const;
const outcomeTone = {
  added: 'success',
  changed: 'accent',
  removed: 'neutral',
  gone: 'warning',
  failed: 'danger',
} as const;
const counted = ['added', 'changed', 'removed', 'failed', 'unchanged'] as const;

/** "2 changed · 1 added · 14 unchanged · 17 requests": the counts that are not zero. */
export function describeCounts(counts: RefreshRun['counts']): string {
  const parts = counted.filter((k) => counts[k] > 0).map((k) => `${counts[k]} ${k}`);
  parts.push(counts.requests === 1 ? '1 request' : `${counts.requests} requests`);
  return parts.join(' · ');
}

/**
 * The recent refreshes of a web page or a crawl (GET …/refreshes, newest first), and the pages
 * one of them added, changed, removed or failed (GET /api/knowledge/refreshes/{id}). `children`
 * goes above the list (a web page's schedule).
 */
export function RefreshLogDialog({
  path,
  title,
  onClose,
  children,
}: {
  /** `/api/knowledge/sources/{id}` or `/api/knowledge/crawls/{id}`. */
  path: string;
  title: string;
  onClose: () => void;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const now = useNow();
  const [runs, setRuns] = useState<RefreshRun[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [detail, setDetail] = useState<RefreshRun | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () =>
      loadInEffect(
        (signal) => apiFetch<{ data: RefreshRun[] }>(`${path}/refreshes`, { signal }),
        (body) => setRuns(body.data),
        setError,
      ),
    [path],
  );
  // (a detail of another refresh is not shown: see `detail?.id === r.id` below)
  useEffect(() => {
    if (!chosen) return;
    return loadInEffect(
      (signal) => apiFetch<RefreshRun>(`/api/knowledge/refreshes/${chosen}`, { signal }),
      setDetail,
      setError,
    );
  }, [chosen]);

  return (
    <Modal
      dialogRef={ref}
      onClose={onClose}
      aria-labelledby="refresh-log-title"
      data-testid="refresh-log-dialog"
      className="max-h-[88vh] w-[min(94vw,40rem)] overflow-hidden p-0"
    >
      <div className="flex items-start justify-between gap-3 border-b border-border px-5 py-4">
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-muted">Refresh log</p>
          <h2 id="refresh-log-title" dir="auto" className="truncate text-base font-semibold">
            {title}
          </h2>
        </div>
        <Button variant="ghost" size="icon" aria-label="Close" onClick={() => ref.current?.close()}>
          <CloseIcon />
        </Button>
      </div>
      <div className="max-h-[72vh] overflow-y-auto px-5 py-4 text-sm">
        {children}
        {error ? (
          <p role="alert" className="mb-2 text-danger">
            {error}
          </p>
        ) : null}
        {runs === null ? (
          <p className="text-muted">Loading refreshes…</p>
        ) : runs.length === 0 ? (
          <p className="text-muted" data-testid="refresh-log-empty">
            Not refreshed yet.
          </p>
        ) : (
          <ul className="space-y-1" aria-label="Refreshes, newest first" data-testid="refresh-log-list">
            {runs.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  aria-expanded={chosen === r.id}
                  aria-controls={chosen === r.id ? `refresh-pages-${r.id}` : undefined}
                  onClick={() => setChosen(chosen === r.id ? null : r.id)}
                  className={`flex w-full flex-wrap items-center gap-x-2 gap-y-0.5 rounded-lg px-2 py-1.5 text-left hover:bg-surface-2 ${chosen === r.id ? 'bg-surface-2' : ''}`}
                  data-testid="refresh-run"
                  data-state={r.state}
                >
                  <span className="font-medium" title={formatDate(r.startedAt)}>
                    {formatAgo(r.startedAt, now)}
                  </span>
                  <span className="text-muted">{r.trigger === 'manual' ? 'by hand' : 'on schedule'}</span>
                  <Badge tone={stateTone[r.state]}>{stateLabel[r.state]}</Badge>
                  <span className="basis-full text-xs text-muted tabular-nums" data-testid="refresh-run-counts">
                    {describeCounts(r.counts)}
                  </span>
                  {r.error ? <span className="basis-full text-xs text-danger">{r.error}</span> : null}
                </button>
                {chosen === r.id ? (
                  <RefreshPages id={`refresh-pages-${r.id}`} run={detail?.id === r.id ? detail : null} />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}

/** The pages a refresh did not find unchanged, with what happened to each. */
function RefreshPages({ id, run }: { id: string; run: RefreshRun | null }) {
  if (!run?.pages)
    return (
      <p id={id} className="px-2 py-1 text-xs text-muted">
        Loading pages…
      </p>
    );
  if (!run.pages.length)
    return (
      <p id={id} className="px-2 py-1 text-xs text-muted" data-testid="refresh-pages-empty">
        Every page was unchanged.
      </p>
    );
  return (
    <ul id={id} className="mb-2 ml-2 space-y-1 border-l border-border pl-3" data-testid="refresh-pages">
      {run.pages.map((p, i) => (
        <li key={`${p.url}-${i}`} className="text-xs" data-testid="refresh-page" data-outcome={p.outcome}>
          <Badge tone={outcomeTone[p.outcome]}>{p.outcome}</Badge> <span className="break-all">{p.url}</span>
          {p.error ? <span className="block text-danger">{p.error}</span> : null}
        </li>
      ))}
    </ul>
  );
}
