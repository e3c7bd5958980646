'use client';

import { useEffect, useState } from 'react';
import { apiFetch, describeProblem, loadInEffect } from '@/components/client-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CollectionDialog } from './collection-dialog';
import { announceSourcesChanged, useSourcesVersion } from './panel-requests';
import type { CollectionView, GroupView } from './types';
import { useCollections } from './use-collections';

const visibilityLabel = { public: 'Public', members: 'Members', groups: 'Groups' } as const;

/** Collections (admin): their access rule and counts; create, edit, delete. */
export function CollectionsPanel() {
  const { collections, error: loadError } = useCollections();
  const [groups, setGroups] = useState<GroupView[]>([]);
  const [editing, setEditing] = useState<CollectionView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CollectionView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const version = useSourcesVersion();
  useEffect(
    () =>
      loadInEffect(
        (signal) => apiFetch<{ data: GroupView[] }>('/api/groups', { signal }),
        (body) => setGroups(body.data),
        setError,
      ),
    [version],
  );
  const groupName = (id: string) => groups.find((g) => g.id === id)?.name ?? '…';

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      const query = deleting.sourceCount > 0 ? '?deleteSources=true' : '';
      await apiFetch(`/api/collections/${deleting.id}${query}`, { method: 'DELETE' });
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
    <section
      aria-labelledby="collections-heading"
      className="min-w-0 rounded-xl border border-border bg-surface p-4 sm:p-5"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="collections-heading" className="text-base font-semibold">
          Collections
        </h2>
        <Button size="sm" variant="primary" onClick={() => setEditing('new')} data-testid="collection-new">
          New collection
        </Button>
      </div>
      {error || loadError ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error ?? loadError}
        </p>
      ) : null}
      <div className="relative mt-3 overflow-x-auto">
        <table className="w-full text-sm" data-testid="collections-table">
          <thead className="text-left text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Name
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Access
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Sources
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(collections ?? []).map((c) => (
              <tr key={c.id} className="border-t border-border" data-testid="collection-row">
                <td className="py-2 pr-3">
                  <span className="font-medium">{c.name}</span>
                  {c.isDefault ? (
                    <span className="ml-2">
                      <Badge tone="accent">default</Badge>
                    </span>
                  ) : null}
                  {c.description ? <p className="truncate text-xs text-muted">{c.description}</p> : null}
                </td>
                <td className="px-3 py-2">
                  {visibilityLabel[c.visibility]}
                  {c.visibility === 'groups' && c.readerGroupIds.length ? (
                    <span className="text-muted">: {c.readerGroupIds.map(groupName).join(', ')}</span>
                  ) : null}
                  <span className="block text-xs text-muted">
                    Edited by {c.editorGroupIds.length ? c.editorGroupIds.map(groupName).join(', ') : 'admins'}
                  </span>
                </td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {c.sourceCount}
                  <span className="block whitespace-nowrap text-xs text-muted">
                    {c.chunkCount === 1 ? '1 chunk' : `${c.chunkCount} chunks`}
                  </span>
                </td>
                <td className="whitespace-nowrap py-2 pl-3 text-right">
                  <button
                    type="button"
                    onClick={() => setEditing(c)}
                    className="rounded-md px-2 py-1 text-sm text-accent hover:bg-accent-soft"
                    data-testid="collection-edit"
                  >
                    Edit<span className="sr-only"> {c.name}</span>
                  </button>
                  {c.isDefault ? null : (
                    <button
                      type="button"
                      onClick={() => setDeleting(c)}
                      className="rounded-md px-2 py-1 text-sm text-danger hover:bg-danger-soft"
                      data-testid="collection-delete"
                    >
                      Delete<span className="sr-only"> {c.name}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing ? (
        <CollectionDialog
          collection={editing === 'new' ? null : editing}
          groups={groups}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.name}”?`}
        confirmLabel={deleting?.sourceCount ? 'Delete collection and sources' : 'Delete collection'}
        busy={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        {deleting?.sourceCount
          ? `Its ${deleting.sourceCount === 1 ? 'source' : `${deleting.sourceCount} sources`} and all their chunks will be deleted with it. The assistant stops citing them at once.`
          : 'It holds no sources.'}
      </ConfirmDialog>
    </section>
  );
}
