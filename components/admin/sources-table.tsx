'use client';

import { useEffect, useRef, useState } from 'react';
import { apiFetch, describeProblem } from '@/components/client-api';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SearchField } from '@/components/ui/search-field';
import { useCrawlLabel } from './crawl-store';
import { SourceRow } from './source-row';
import { SourcesFilters } from './sources-filters';
import { TickAll } from './tick-all';
import { announceSourcesChanged, usePanelRequest } from './panel-requests';
import type { Source } from './types';
import type { SourceSortKey, SourcesView } from './sources-view';
import { useCollections } from './use-collections';
import { useSources } from './use-sources';

// Kind, size and date give way on small screens; title, status and chunks stay.
const columns: { key: SourceSortKey; label: string; numeric?: boolean; wide?: boolean }[] = [
  { key: 'title', label: 'Title' },
  { key: 'kind', label: 'Kind', wide: true },
  { key: 'status', label: 'Status' },
  { key: 'chunkCount', label: 'Chunks', numeric: true },
  { key: 'size', label: 'Size', numeric: true, wide: true },
  { key: 'createdAt', label: 'Added', wide: true },
];

/**
 * Every knowledge source: sorted, searched and filtered by the server, paginated, with delete and
 * replace, and several deleted at once by ticking them (on the page shown: a tick on another page
 * or filter is not acted on).
 */
export function SourcesTable({ initial, editorOnly = false }: { initial: SourcesView; editorOnly?: boolean }) {
  // An editor who is not an admin manages the collections they edit, one at a time.
  const { collections } = useCollections();
  const shown = (collections ?? []).filter((c) => !editorOnly || c.canEdit);
  const { sources, error, status, setStatus, sort, setSort, query, setQuery, q, next, previous, pageNumber, ...view } =
    useSources(initial, {
      fallback: editorOnly ? (shown[0]?.id ?? '') : '',
      ready: !editorOnly || collections !== null,
    });
  // A collection deleted (or no longer readable) since it was chosen: show them all again.
  const stale = collections !== null && view.collection !== '' && !shown.some((c) => c.id === view.collection);
  const { setCollection } = view;
  useEffect(() => {
    if (stale) setCollection('');
  }, [stale, setCollection]);
  const [pendingDelete, setPendingDelete] = useState<Source | null>(null);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [confirmTicked, setConfirmTicked] = useState(false);
  const chosen = (sources ?? []).filter((s) => ticked.has(s.id));
  const tick = (id: string, on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const anyFailed = status === 'failed' || (sources ?? []).some((s) => s.status === 'failed');

  // Another widget (a source in the usage figures) asks to see a source here.
  const section = useRef<HTMLElement>(null);
  usePanelRequest('findSource', (title) => {
    setQuery(title.slice(0, 200));
    setStatus('');
    view.setCrawl('');
    section.current?.scrollIntoView({ block: 'start' });
  });
  // The crawls panel asks to see one crawl's pages.
  usePanelRequest('showCrawlPages', ({ id }) => {
    view.setCrawl(id);
    setQuery('');
    setStatus('');
    section.current?.scrollIntoView({ block: 'start' });
  });
  const crawlName = useCrawlLabel(view.crawl || undefined);

  async function confirmDelete() {
    if (!pendingDelete) return;
    setBusy(true);
    try {
      await apiFetch(`/api/knowledge/sources/${pendingDelete.id}`, { method: 'DELETE' });
      setActionError(null);
    } catch (e) {
      setActionError(describeProblem(e));
    } finally {
      setBusy(false);
      setPendingDelete(null);
      announceSourcesChanged();
    }
  }

  async function deleteChosen() {
    setBusy(true);
    try {
      const { deleted } = await apiFetch<{ deleted: string[] }>('/api/knowledge/sources/delete', {
        method: 'POST',
        json: { ids: chosen.map((s) => s.id) },
      });
      setNotice(deleted.length === 1 ? '1 source deleted.' : `${deleted.length} sources deleted.`);
      setActionError(null);
      setTicked(new Set());
    } catch (e) {
      setActionError(describeProblem(e));
    } finally {
      setBusy(false);
      setConfirmTicked(false);
      announceSourcesChanged();
    }
  }

  // After an outage (the embedding server down, a site unreachable) many sources fail at once.
  async function retryFailed() {
    setBusy(true);
    setActionError(null);
    try {
      const { data, skipped } = await apiFetch<{ data: Source[]; skipped: { title: string }[] }>(
        '/api/knowledge/sources/retry',
        { method: 'POST' },
      );
      const queued =
        data.length === 1 ? '1 failed source is queued again.' : `${data.length} failed sources are queued again.`;
      const left = skipped.length ? ` ${skipped.length} stay failed: another source holds the same content.` : '';
      setNotice(queued + left);
    } catch (e) {
      setActionError(describeProblem(e));
    } finally {
      setBusy(false);
      announceSourcesChanged();
    }
  }

  return (
    <section
      ref={section}
      aria-labelledby="sources-heading"
      className="scroll-mt-16 rounded-xl border border-border bg-surface"
    >
      <div className="flex flex-wrap items-center gap-3 p-4 sm:px-5">
        <h2 id="sources-heading" className="mr-auto text-base font-semibold">
          Sources
        </h2>
        {anyFailed ? (
          <Button
            size="sm"
            onClick={() => void retryFailed()}
            disabled={busy}
            data-testid="retry-failed"
            title="Queue every failed source again"
          >
            Retry failed
          </Button>
        ) : null}
        <SearchField
          value={query}
          onChange={setQuery}
          label="Search sources"
          placeholder="Title, file or URL"
          testId="source-search"
          className="w-full sm:w-56"
        />
        <SourcesFilters
          collections={shown}
          collection={view.collection}
          onCollection={view.setCollection}
          allCollections={!editorOnly}
          status={status}
          onStatus={setStatus}
        />
      </div>
      {view.crawl ? (
        <div
          className="mx-4 mb-3 flex flex-wrap items-center gap-2 rounded-md bg-accent-soft px-3 py-2 text-sm"
          data-testid="crawl-filter"
        >
          <span className="mr-auto min-w-0 truncate" role="status">
            Pages of the crawl {crawlName ? `“${crawlName}”` : 'chosen'}
          </span>
          <Button size="sm" onClick={() => view.setCrawl('')} data-testid="crawl-filter-clear">
            Show all sources
          </Button>
        </div>
      ) : null}
      {chosen.length > 0 ? (
        <div
          className="mx-4 mb-3 flex flex-wrap items-center gap-2 rounded-md bg-surface-2 px-3 py-2 text-sm"
          data-testid="ticked-bar"
        >
          <span className="mr-auto" role="status">
            {chosen.length === 1 ? '1 source selected' : `${chosen.length} sources selected`}
          </span>
          <Button size="sm" onClick={() => setTicked(new Set())}>
            Clear
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => setConfirmTicked(true)}
            disabled={busy}
            data-testid="delete-ticked"
          >
            Delete selected
          </Button>
        </div>
      ) : null}
      {notice ? (
        <p role="status" className="mx-4 mb-3 rounded-md bg-surface-2 px-3 py-2 text-sm" data-testid="sources-notice">
          {notice}
        </p>
      ) : null}
      {error || actionError ? (
        <p role="alert" className="mx-4 mb-3 rounded-md bg-danger-soft px-3 py-2 text-sm text-danger">
          {actionError ?? error}
        </p>
      ) : null}
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm" data-testid="sources-table">
          <thead className="text-left text-xs uppercase tracking-wide text-muted">
            <tr>
              {/* (ticking several is for a wider screen: a phone keeps its width for each row's actions) */}
              <th scope="col" className="hidden w-8 py-2 pl-4 pr-0 sm:table-cell">
                <TickAll
                  sources={sources ?? []}
                  chosen={chosen.length}
                  onChange={(on) => setTicked(on ? new Set((sources ?? []).map((s) => s.id)) : new Set())}
                />
              </th>
              {columns.map((c) => [
                c.key === 'kind' ? (
                  <th key="collection" scope="col" className="hidden px-3 py-2 font-medium lg:table-cell">
                    Collection
                  </th>
                ) : null,
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={sort.key === c.key ? (sort.dir === 1 ? 'ascending' : 'descending') : 'none'}
                  className={`px-2 py-2 font-medium sm:px-3 ${c.key === 'title' ? 'pl-4 sm:pl-3' : ''} ${c.numeric ? 'text-right' : ''} ${c.wide ? 'hidden md:table-cell' : ''}`}
                >
                  <button
                    type="button"
                    data-testid={`sort-${c.key}`}
                    onClick={() => setSort({ key: c.key, dir: sort.key === c.key ? (-sort.dir as 1 | -1) : 1 })}
                    className="inline-flex items-center gap-1 uppercase hover:text-fg"
                  >
                    {c.label}
                    <span aria-hidden="true">{sort.key === c.key ? (sort.dir === 1 ? '↑' : '↓') : ''}</span>
                  </button>
                </th>,
              ])}
              <th scope="col" className="py-2 pl-0 pr-2 text-right font-medium sm:pl-3 sm:pr-4">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sources === null ? (
              <tr>
                <td colSpan={9} className="px-4 py-6 text-center text-muted">
                  Loading sources…
                </td>
              </tr>
            ) : sources.length === 0 ? (
              <tr>
                <td colSpan={9} className="px-4 py-6 text-center text-muted" data-testid="sources-empty">
                  {q
                    ? `No source${status ? ' with this status' : ''} matches “${q}”.`
                    : view.crawl
                      ? 'No pages of this crawl yet.'
                      : status
                        ? 'No sources with this status.'
                        : 'No sources yet. Add a file, a URL or some text above.'}
                </td>
              </tr>
            ) : (
              sources.map((s) => (
                <SourceRow
                  key={s.id}
                  source={s}
                  onDelete={() => setPendingDelete(s)}
                  ticked={ticked.has(s.id)}
                  onTick={(on) => tick(s.id, on)}
                />
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="flex items-center justify-end gap-2 border-t border-border px-4 py-3 text-sm">
        <span className="mr-auto text-muted">Page {pageNumber}</span>
        <Button size="sm" onClick={previous ?? undefined} disabled={!previous} data-testid="page-previous">
          Previous
        </Button>
        <Button size="sm" onClick={next ?? undefined} disabled={!next} data-testid="page-next">
          Next
        </Button>
      </div>
      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete this source?"
        confirmLabel="Delete source"
        busy={busy}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      >
        “{pendingDelete?.title}” and all its chunks will be removed. The assistant will stop citing it at once.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmTicked}
        title={chosen.length === 1 ? 'Delete 1 source?' : `Delete ${chosen.length} sources?`}
        confirmLabel="Delete sources"
        busy={busy}
        onConfirm={deleteChosen}
        onCancel={() => setConfirmTicked(false)}
      >
        They and all their chunks will be removed. The assistant will stop citing them at once.
      </ConfirmDialog>
    </section>
  );
}
