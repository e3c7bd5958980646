'use client';

import { useState } from 'react';
import { apiFetch, describeProblem } from '@/components/client-api';
import { announceSourcesChanged } from './panel-requests';
import { RefreshNote } from './refresh-note';
import { RefreshSelect } from './refresh-select';
import type { RefreshInterval, Source } from './types';

/** A web page's refresh schedule (PATCH /api/knowledge/sources/{id} {refresh}) and its times. */
export function SourceSchedule({ source }: { source: Source }) {
  const [refresh, setRefresh] = useState<RefreshInterval | null>(source.refresh ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(next: RefreshInterval | null) {
    const before = refresh;
    setRefresh(next);
    setBusy(true);
    setError(null);
    try {
      await apiFetch(`/api/knowledge/sources/${source.id}`, { method: 'PATCH', json: { refresh: next } });
      announceSourcesChanged();
    } catch (e) {
      setRefresh(before);
      setError(describeProblem(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mb-4 rounded-lg border border-border p-3" data-testid="source-schedule">
      <RefreshSelect
        id={`source-refresh-${source.id}`}
        label="Refresh this page"
        value={refresh}
        onChange={(r) => void save(r)}
        disabled={busy}
        testId="source-schedule-select"
      />
      <RefreshNote item={source} className="mt-1.5" />
      {error ? (
        <p role="alert" className="mt-1 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
