'use client';

import { useEffect } from 'react';
import { ProgressBar } from '@/components/ui/progress-bar';
import { publishSources, useLatestSource } from './source-store';
import { StatusBadge } from './status-badge';
import { formatBytes } from '@/lib/format-bytes';
import { announceSourcesChanged } from './panel-requests';
import { isIngesting, type Source } from './types';

export interface Upload {
  key: string;
  name: string;
  size: number;
  /** 0..1 of the bytes sent; text and URL sources skip this phase. */
  sent: number;
  source: Source | null;
  duplicate: boolean;
  error: string | null;
}

/**
 * One upload: the bytes going up, then the source's ingestion followed live
 * (polling GET /api/knowledge/sources/{id}) until it is ready or failed.
 */
export function UploadItem({ upload }: { upload: Upload }) {
  const source = useLatestSource(upload.source);

  const id = source?.id;
  const active = source ? isIngesting(source) : false;
  useEffect(() => {
    if (!id || !active) return;
    let stopped = false;
    const timer = setInterval(async () => {
      const res = await fetch(`/api/knowledge/sources/${id}`, { headers: { accept: 'application/json' } }).catch(
        () => null,
      );
      if (stopped || !res?.ok) return;
      const next = (await res.json()) as Source;
      publishSources([next]);
      if (!isIngesting(next)) announceSourcesChanged();
    }, 700);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [id, active]);

  const phase = upload.error ? 'error' : !source ? 'uploading' : source.status;
  return (
    <li className="rounded-lg border border-border bg-bg px-3 py-2.5" data-testid="upload-item" data-phase={phase}>
      <div className="flex items-center gap-3">
        <span className="min-w-0 flex-1 truncate text-sm font-medium" title={upload.name} data-testid="upload-name">
          {upload.name}
        </span>
        {upload.size ? <span className="shrink-0 text-xs text-muted">{formatBytes(upload.size)}</span> : null}
        {source ? <StatusBadge status={source.status} /> : null}
      </div>
      {phase === 'uploading' ? (
        <div className="mt-2 flex items-center gap-2 text-xs text-muted">
          <ProgressBar value={upload.sent} label={`Uploading ${upload.name}`} />
          <span className="w-28 shrink-0 text-right">
            {upload.sent < 1 ? `Uploading ${Math.round(upload.sent * 100)}%` : 'Checking the file…'}
          </span>
        </div>
      ) : null}
      {source && isIngesting(source) ? (
        <div className="mt-2 flex items-center gap-2 text-xs text-muted">
          <ProgressBar value={source.progress} label={`Ingesting ${upload.name}`} />
          <span className="w-28 shrink-0 text-right">
            {source.status === 'pending' ? 'Waiting to ingest' : `Ingesting ${Math.round(source.progress * 100)}%`}
          </span>
        </div>
      ) : null}
      {source?.status === 'ready' ? (
        <p className="mt-1 text-xs text-muted">
          {upload.duplicate
            ? 'Already in the knowledge base; nothing new stored.'
            : `Ready: ${source.chunkCount} ${source.chunkCount === 1 ? 'chunk' : 'chunks'} searchable.`}
        </p>
      ) : null}
      {source?.status === 'failed' ? (
        <p className="mt-1 text-xs text-danger" data-testid="upload-error">
          Could not ingest: {source.error ?? 'unknown error'}
        </p>
      ) : null}
      {upload.error ? (
        <p className="mt-1 text-xs text-danger" role="alert" data-testid="upload-error">
          {upload.error}
        </p>
      ) : null}
    </li>
  );
}
