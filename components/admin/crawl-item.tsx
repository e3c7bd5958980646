'use client';

import { useState } from 'react';
import { apiFetch, describeProblem } from '@/components/client-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { crawlLabel } from './crawl-store';
import { announceSourcesChanged, requestPanel } from './panel-requests';
import { RefreshNote } from './refresh-note';
import { RefreshSelect } from './refresh-select';
import { isCrawling, type CrawlView, type RefreshInterval } from './types';

const linkButton = 'rounded-md px-2 py-1 text-sm text-accent hover:bg-accent-soft';
const tone = { pending: 'neutral', running: 'accent', done: 'success', failed: 'danger' } as const;
const label = { pending: 'Queued', running: 'Crawling', done: 'Done', failed: 'Failed' } as const;

/** Share of the URLs found that were dealt with (fetched, skipped or failed), 0..1. */
export const crawlProgress = (c: Pick<CrawlView, 'found' | 'queued'>) => (c.found ? (c.found - c.queued) / c.found : 0);

/**
 * One crawl: where it starts, its state and progress, its refresh schedule and times, and its
 * actions (refresh now, its pages in the sources table, its refresh log, delete).
 */
export function CrawlItem({
  crawl,
  onChanged,
  onDelete,
  onShowLog,
}: {
  crawl: CrawlView;
  onChanged: () => void;
  onDelete: () => void;
  onShowLog: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const crawling = isCrawling(crawl);
  const name = crawlLabel(crawl);

  async function act(init: Parameters<typeof apiFetch>[1], path = '') {
    setBusy(true);
    setError(null);
    try {
      await apiFetch(`/api/knowledge/crawls/${crawl.id}${path}`, init);
    } catch (e) {
      setError(describeProblem(e));
    } finally {
      setBusy(false);
      onChanged();
    }
  }
  const setRefresh = (refresh: RefreshInterval | null) => act({ method: 'PATCH', json: { refresh } });
  const refreshNow = () => act({ method: 'POST' }, '/refresh').then(announceSourcesChanged);

  return (
    <li
      className="border-t border-border px-4 py-3 first:border-t-0 sm:px-5"
      data-testid="crawl-item"
      data-crawl-id={crawl.id}
      data-state={crawl.state}
    >
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <div className="min-w-0 flex-1 basis-48">
          <p className="truncate font-medium" title={name} dir="auto" data-testid="crawl-title">
            {name}
          </p>
          {crawl.title ? (
            <a
              href={crawl.url}
              target="_blank"
              rel="noopener noreferrer"
              className="block truncate text-xs text-muted hover:underline"
            >
              {crawl.url}
            </a>
          ) : null}
        </div>
        <Badge tone={tone[crawl.state]} data-testid="crawl-state" data-state={crawl.state}>
          {label[crawl.state]}
        </Badge>
      </div>
      <p className="mt-1 text-xs text-muted tabular-nums" data-testid="crawl-counts">
        {crawl.found} found · {crawl.fetched} fetched · {crawl.ingested} of {crawl.pages} ingested
        {crawl.skipped ? ` · ${crawl.skipped} skipped` : ''}
        {crawl.failed ? <span className="text-danger"> · {crawl.failed} failed</span> : null}
      </p>
      {crawling ? (
        <ProgressBar value={crawlProgress(crawl)} label={`Crawling ${name}`} className="mt-1.5 max-w-xs" />
      ) : null}
      {crawl.state === 'failed' && crawl.error ? (
        <p className="mt-1 text-xs text-danger" data-testid="crawl-error">
          {crawl.error}
        </p>
      ) : null}
      <RefreshNote item={crawl} className="mt-1" />
      {error ? (
        <p role="alert" className="mt-1 text-xs text-danger">
          {error}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <RefreshSelect
          id={`crawl-refresh-${crawl.id}`}
          label={`Refresh ${name}`}
          hideLabel
          value={crawl.refresh ?? null}
          onChange={(r) => void setRefresh(r)}
          disabled={busy}
          testId="crawl-schedule"
        />
        <Button
          size="sm"
          onClick={() => void refreshNow()}
          disabled={busy || crawling}
          title={crawling ? 'It is crawling now' : undefined}
          data-testid="crawl-refresh-now"
        >
          Refresh now
        </Button>
        <button
          type="button"
          className={linkButton}
          onClick={() => requestPanel('showCrawlPages', { id: crawl.id, label: name })}
          data-testid="crawl-show-pages"
        >
          Show pages<span className="sr-only"> of {name}</span>
        </button>
        <button type="button" className={linkButton} onClick={onShowLog} aria-haspopup="dialog" data-testid="crawl-log">
          Refresh log<span className="sr-only"> of {name}</span>
        </button>
        <button
          type="button"
          className="rounded-md px-2 py-1 text-sm text-danger hover:bg-danger-soft"
          onClick={onDelete}
          data-testid="crawl-delete"
        >
          Delete<span className="sr-only"> {name}</span>
        </button>
      </div>
    </li>
  );
}
