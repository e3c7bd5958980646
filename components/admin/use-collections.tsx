'use client';

import { useEffect, useState } from 'react';
import { apiFetch, loadInEffect } from '@/components/client-api';
import { useSourcesVersion } from './panel-requests';
import type { CollectionView } from './types';

/**
 * The collections the viewer reads (GET /api/collections), with their counts and whether they may
 * edit each; loaded again whenever sources or collections change (announceSourcesChanged).
 */
export function useCollections(): { collections: CollectionView[] | null; error: string | null } {
  const [collections, setCollections] = useState<CollectionView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const version = useSourcesVersion();
  useEffect(
    () =>
      loadInEffect(
        (signal) => apiFetch<{ data: CollectionView[] }>('/api/collections', { signal }),
        (body) => {
          setCollections(body.data);
          setError(null);
        },
        setError,
      ),
    [version],
  );
  return { collections, error };
}

/** Where an upload goes unless the viewer picks another: the default collection when they edit it, else the first they edit. */
export function defaultTarget(collections: CollectionView[] | null): string {
  const editable = (collections ?? []).filter((c) => c.canEdit);
  return (editable.find((c) => c.isDefault) ?? editable[0])?.id ?? '';
}

/** A `<select>` of collections, for choosing where sources go or which are shown. */
export function CollectionSelect({
  id,
  label,
  value,
  onChange,
  collections,
  allLabel,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (id: string) => void;
  collections: CollectionView[];
  /** An option for every collection at once (value ''), when given. */
  allLabel?: string;
  testId: string;
}) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted">
        {label}
      </label>
      <select
        id={id}
        data-testid={testId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 max-w-[14rem] rounded-lg border border-border bg-bg px-2 text-sm"
      >
        {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
        {collections.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
