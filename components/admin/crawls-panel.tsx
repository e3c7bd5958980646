'use client';

import { useState } from 'react';
import { apiFetch, describeProblem } from '@/components/client-api';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CrawlItem } from './crawl-item';
import { crawlLabel } from './crawl-store';
import { announceSourcesChanged } from './panel-requests';
import { RefreshLogDialog } from './refresh-log-dialog';
import type { CrawlView } from './types';
import { useCollections } from './use-collections';
import { useCrawls } from './use-crawls';

/**
 * The crawls of websites: progress while they run, refresh schedules, their pages, logs and delete.
 * An editor who is not an admin sees those of the collections they edit (they read others' too).
 */
export function CrawlsPanel({ editorOnly = false }: { editorOnly?: boolean }) {
  const { crawls: all, error: loadError, reload } = useCrawls();
  const { collections } = useCollections();
  const crawls =
    all && editorOnly ? all.filter((c) => (collections ?? []).some((k) => k.id === c.collectionId && k.canEdit)) : all;
  const [deleting, setDeleting] = useState<CrawlView | null>(null);
  const [logOf, setLogOf] = useState<CrawlView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await apiFetch(`/api/knowledge/crawls/${deleting.id}`, { method: 'DELETE' });
      setError(null);
    } catch (e) {
      setError(describeProblem(e));
    } finally {
      setBusy(false);
      setDeleting(null);
      announceSourcesChanged();
    }
  }

  return (
    <section aria-labelledby="crawls-heading" className="rounded-xl border border-border bg-surface">
      <h2 id="crawls-heading" className="p-4 pb-2 text-base font-semibold sm:px-5">
        Crawls
      </h2>
      {error || loadError ? (
        <p role="alert" className="mx-4 mb-2 text-sm text-danger">
          {error ?? loadError}
        </p>
      ) : null}
      {crawls === null ? (
        <p className="px-4 pb-4 text-sm text-muted sm:px-5">Loading crawls…</p>
      ) : crawls.length === 0 ? (
        <p className="px-4 pb-4 text-sm text-muted sm:px-5" data-testid="crawls-empty">
          No crawls yet. Crawl a site above to add its pages and keep them in step.
        </p>
      ) : (
        <ul className="border-t border-border text-sm" data-testid="crawls-list">
          {crawls.map((c) => (
            <CrawlItem
              key={c.id}
              crawl={c}
              onChanged={reload}
              onDelete={() => setDeleting(c)}
              onShowLog={() => setLogOf(c)}
            />
          ))}
        </ul>
      )}
      {logOf ? (
        <RefreshLogDialog
          path={`/api/knowledge/crawls/${logOf.id}`}
          title={crawlLabel(logOf)}
          onClose={() => setLogOf(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this crawl?"
        confirmLabel="Delete crawl and pages"
        busy={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        “{deleting ? crawlLabel(deleting) : ''}” and its{' '}
        {deleting?.pages === 1 ? 'page' : `${deleting?.pages ?? 0} pages`} will be removed with all their chunks. The
        assistant will stop citing them at once.
      </ConfirmDialog>
    </section>
  );
}
