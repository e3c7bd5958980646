'use client';

import type { CollectionView, SourceStatus } from './types';
import { CollectionSelect } from './use-collections';

/** The sources table's filters: which collection (an editor always has one chosen) and which status. */
export function SourcesFilters({
  collections,
  collection,
  onCollection,
  allCollections,
  status,
  onStatus,
}: {
  collections: CollectionView[];
  collection: string;
  onCollection: (id: string) => void;
  /** Offer "All" collections (admins); an editor sees one of theirs at a time. */
  allCollections: boolean;
  status: SourceStatus | '';
  onStatus: (status: SourceStatus | '') => void;
}) {
  return (
    <>
      {collections.length > 0 ? (
        <CollectionSelect
          id="collection-filter"
          label="Collection"
          value={collection}
          onChange={onCollection}
          collections={collections}
          allLabel={allCollections ? 'All' : undefined}
          testId="collection-filter"
        />
      ) : null}
      <div className="flex items-center gap-2">
        <label htmlFor="status-filter" className="text-sm text-muted">
          Status
        </label>
        <select
          id="status-filter"
          data-testid="status-filter"
          value={status}
          onChange={(e) => onStatus(e.target.value as SourceStatus | '')}
          className="h-9 rounded-lg border border-border bg-bg px-2 text-sm"
        >
          <option value="">All</option>
          <option value="pending">Queued</option>
          <option value="processing">Ingesting</option>
          <option value="ready">Ready</option>
          <option value="failed">Failed</option>
        </select>
      </div>
    </>
  );
}
