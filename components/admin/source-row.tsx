'use client';

import { useRef, useState } from 'react';
import { PassageDialog } from '@/components/chat/passage-dialog';
import { apiFetch, describeProblem } from '@/components/client-api';
import { PencilIcon, RefreshIcon, TrashIcon, UploadIcon } from '@/components/ui/icons';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useLatestSource } from './source-store';
import { useCrawlLabel } from './crawl-store';
import { EditTextDialog } from './edit-text-dialog';
import { OcrNote } from './ocr-note';
import { RefreshLogDialog } from './refresh-log-dialog';
import { RefreshNote } from './refresh-note';
import { SourceSchedule } from './source-schedule';
import { RenameDialog } from './rename-dialog';
import { SourceChunks } from './source-chunks';
import { StatusBadge } from './status-badge';
import { formatBytes } from '@/lib/format-bytes';
import { announceSourcesChanged, requestPanel } from './panel-requests';
import { formatDate, isIngesting, type Source } from './types';
import { uploadProblem, xhrUpload } from './xhr-upload';

const kindLabel = { file: 'File', text: 'Text', url: 'URL' } as const;

/**
 * One source in the table, with delete, rename and replace-content actions (retry when it failed,
 * refresh now for a web page, and a web page's refresh schedule and log; a crawl's page names its crawl); pasted text is edited in place, title and all, instead. Its title
 * opens the text as ingested, once it has some: what search and citations read, which is how
 * an admin sees what a parser made of a file.
 */
export function SourceRow({
  source: listed,
  onDelete,
  ticked,
  onTick,
}: {
  source: Source;
  onDelete: () => void;
  ticked: boolean;
  onTick: (on: boolean) => void;
}) {
  const source = useLatestSource(listed);
  const picker = useRef<HTMLInputElement>(null);
  const [replacing, setReplacing] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [viewing, setViewing] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const crawlName = useCrawlLabel(source.crawlId);

  async function replace(file: File) {
    setError(null);
    setNotice(null);
    setReplacing(0);
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const result = await xhrUpload({
        url: `/api/knowledge/sources/${source.id}`,
        method: 'PUT',
        form,
        onProgress: setReplacing,
      });
      if (result.status >= 400) setError(uploadProblem(result));
      else if (result.status === 200) setNotice(`${file.name} is the content already stored: nothing to ingest.`);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The upload failed.');
    } finally {
      setReplacing(null);
      announceSourcesChanged();
    }
  }

  async function act(path: string, init: Parameters<typeof apiFetch>[1]) {
    setError(null);
    setNotice(null);
    try {
      await apiFetch(path, init);
    } catch (e) {
      setError(describeProblem(e));
    } finally {
      announceSourcesChanged();
    }
  }
  // A page changes, or was down when it was fetched: check it now (a new generation only if it changed).
  const refreshNow = () => act(`/api/knowledge/sources/${source.id}/refresh`, { method: 'POST' });
  // A crawl's pages are refreshed, and logged, with their crawl.
  const standalonePage = source.kind === 'url' && !source.crawlId;
  // A failure that has passed (an embedding server that was down): the same content, queued again.
  const retry = () => act(`/api/knowledge/sources/${source.id}/retry`, { method: 'POST' });

  return (
    <tr
      className="border-t border-border align-top"
      data-testid="source-row"
      data-source-id={source.id}
      data-status={source.status}
    >
      <td className="hidden py-2.5 pl-4 pr-0 sm:table-cell">
        <input
          type="checkbox"
          aria-label={`Select ${source.title}`}
          checked={ticked}
          onChange={(e) => onTick(e.target.checked)}
          className="mt-0.5 h-4 w-4 accent-accent"
          data-testid="tick-source"
        />
      </td>
      <td className="max-w-[7rem] py-2.5 pl-4 pr-2 sm:max-w-[18rem] sm:pl-3 sm:pr-3">
        {hasText(source) ? (
          <button
            type="button"
            dir="auto"
            className="block max-w-full truncate text-left font-medium underline-offset-2 hover:text-accent hover:underline"
            title={source.title}
            aria-haspopup="dialog"
            onClick={() => setViewing(true)}
            data-testid="source-row-title"
          >
            {source.title}
          </button>
        ) : (
          <span dir="auto" className="block truncate font-medium" title={source.title} data-testid="source-row-title">
            {source.title}
          </span>
        )}
        {source.filename && source.filename !== source.title ? (
          <span className="block truncate text-xs text-muted">{source.filename}</span>
        ) : null}
        {source.kind === 'url' && source.uri && source.uri !== source.title ? (
          <a
            href={source.uri}
            target="_blank"
            rel="noopener noreferrer"
            className="block truncate text-xs text-muted hover:underline"
            data-testid="source-row-uri"
          >
            {source.uri}
          </a>
        ) : null}
        {source.crawlId ? (
          <button
            type="button"
            className="block max-w-full truncate text-left text-xs text-muted hover:text-accent hover:underline"
            onClick={() =>
              source.crawlId && requestPanel('showCrawlPages', { id: source.crawlId, label: crawlName ?? '' })
            }
            title={`Show only the pages of the crawl ${crawlName ?? ''}`.trim()}
            data-testid="source-row-crawl"
          >
            {/* (a phone's title column is too narrow for the crawl's name) */}
            <span className="sm:hidden">Crawled page</span>
            <span className="hidden sm:inline">Page of crawl {crawlName ? `“${crawlName}”` : ''}</span>
          </button>
        ) : null}
        {source.connector ? (
          <span
            className="block truncate text-xs text-muted"
            title={`Kept in sync by PUT /api/knowledge/sync/${source.connector}; its id there is ${source.externalId ?? ''}`}
            data-testid="source-row-connector"
          >
            Synced from {source.connector} · {source.externalId}
          </span>
        ) : null}
        {source.kind === 'url' ? <RefreshNote item={source} className="mt-0.5" /> : null}
        {standalonePage ? (
          <button
            type="button"
            className="block text-left text-xs text-accent hover:underline"
            aria-haspopup="dialog"
            onClick={() => setLogOpen(true)}
            data-testid="source-refresh-log"
          >
            {source.refresh ? `Refreshes ${source.refresh}` : 'No refresh schedule'} · schedule and log
            <span className="sr-only"> of {source.title}</span>
          </button>
        ) : null}
        {source.status === 'failed' && source.error ? (
          <span className="mt-0.5 block text-xs text-danger">{source.error}</span>
        ) : null}
        {/* A ready source with an error failed to be chunked again: it still answers, from its earlier chunks. */}
        {source.status === 'ready' && source.error ? (
          <span className="mt-0.5 block text-xs text-warning" data-testid="source-row-warning">
            {source.error}
          </span>
        ) : null}
        {error ? (
          <span role="alert" className="mt-0.5 block text-xs text-danger">
            {error}
          </span>
        ) : null}
        {notice ? (
          <span role="status" className="mt-0.5 block text-xs text-muted" data-testid="source-row-notice">
            {notice}
          </span>
        ) : null}
      </td>
      <td
        className="hidden max-w-[10rem] truncate px-3 py-2.5 text-muted lg:table-cell"
        data-testid="source-collection"
      >
        {source.collection.name}
      </td>
      <td className="hidden px-3 py-2.5 text-muted md:table-cell">
        {kindLabel[source.kind]}
        <OcrNote metadata={source.metadata} />
      </td>
      <td className="px-2 py-2.5 sm:px-3">
        <StatusBadge status={source.status} />
        {isIngesting(source) ? (
          <ProgressBar value={source.progress} label={`Ingesting ${source.title}`} className="mt-1.5 w-24" />
        ) : null}
        {replacing !== null ? (
          <ProgressBar value={replacing} label={`Uploading new content for ${source.title}`} className="mt-1.5 w-24" />
        ) : null}
      </td>
      <td className="px-2 py-2.5 text-right tabular-nums sm:px-3" data-testid="source-chunk-count">
        {source.chunkCount}
      </td>
      <td className="hidden whitespace-nowrap px-3 py-2.5 text-right tabular-nums text-muted md:table-cell">
        {source.size ? formatBytes(source.size) : '—'}
      </td>
      <td className="hidden whitespace-nowrap px-3 py-2.5 text-muted md:table-cell">{formatDate(source.createdAt)}</td>
      <td className="whitespace-nowrap py-2 pl-0 pr-2 text-right sm:pl-3 sm:pr-4">
        <input
          ref={picker}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-label={`New content for ${source.title}`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void replace(file);
            e.target.value = '';
          }}
        />
        {source.status === 'failed' ? (
          <RowAction
            onClick={() => void retry()}
            label={`Retry ${source.title}`}
            testId="retry-source"
            icon={RefreshIcon}
            text="Retry"
          />
        ) : source.kind === 'url' && source.uri && !isIngesting(source) ? (
          <RowAction
            onClick={() => void refreshNow()}
            label={`Refresh now: ${source.title}`}
            testId="refresh-source"
            icon={RefreshIcon}
            text="Refresh now"
          />
        ) : null}
        {source.kind === 'text' ? (
          <RowAction
            onClick={() => setEditing(true)}
            label={`Edit ${source.title}`}
            testId="edit-source"
            icon={PencilIcon}
            text="Edit"
          />
        ) : (
          <>
            <RowAction
              onClick={() => setRenaming(true)}
              label={`Rename ${source.title}`}
              testId="rename-source"
              icon={PencilIcon}
              text="Rename"
            />
            {/* (a crawl's page is replaced by its crawl's next refresh) */}
            {source.crawlId ? null : (
              <RowAction
                onClick={() => picker.current?.click()}
                label={`Replace content of ${source.title}`}
                testId="replace-source"
                icon={UploadIcon}
                text="Replace"
              />
            )}
          </>
        )}
        <RowAction
          onClick={onDelete}
          label={`Delete ${source.title}`}
          testId="delete-source"
          icon={TrashIcon}
          text="Delete"
          danger
        />
        {editing ? <EditTextDialog source={source} onClose={() => setEditing(false)} onSaved={setNotice} /> : null}
        {renaming ? <RenameDialog source={source} onClose={() => setRenaming(false)} onSaved={setNotice} /> : null}
        {logOpen ? (
          <RefreshLogDialog
            path={`/api/knowledge/sources/${source.id}`}
            title={source.title}
            onClose={() => setLogOpen(false)}
          >
            <SourceSchedule source={source} />
          </RefreshLogDialog>
        ) : null}
        {viewing ? (
          <PassageDialog
            passage={{ sourceId: source.id, title: source.title }}
            label="As ingested"
            onClose={() => setViewing(false)}
            alternate={{ label: 'Chunks', content: <SourceChunks sourceId={source.id} title={source.title} /> }}
          />
        ) : null}
      </td>
    </tr>
  );
}

/** One action of a row: its word on wide screens, its icon on narrow ones, its full name for screen readers. */
function RowAction({
  onClick,
  label,
  testId,
  icon: Icon,
  text,
  danger = false,
}: {
  onClick: () => void;
  label: string;
  testId: string;
  icon: typeof RefreshIcon;
  text: string;
  danger?: boolean;
}) {
  const tone = danger ? 'text-danger hover:bg-danger-soft' : 'text-accent hover:bg-accent-soft';
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`inline-flex items-center rounded-md p-1 text-sm ${tone} sm:px-2 sm:py-1`}
      data-testid={testId}
    >
      <Icon width={16} height={16} className="sm:hidden" />
      <span className="hidden sm:inline">{text}</span>
    </button>
  );
}

/** Chunks to read: ingested at least once (a replacement in progress reads the live ones) and not failed. */
function hasText(source: Source): boolean {
  return source.status !== 'failed' && source.generation > 0;
}
