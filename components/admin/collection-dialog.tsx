'use client';

import { useRef, useState } from 'react';
import { apiFetch, describeProblem } from '@/components/client-api';
import { fieldClass } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { announceSourcesChanged } from './panel-requests';
import type { CollectionView, GroupView } from './types';

type Visibility = CollectionView['visibility'];

const visibilities: { value: Visibility; label: string }[] = [
  { value: 'public', label: 'Public: everyone, visitors who have not signed in too' },
  { value: 'members', label: 'Members: everyone who signed in, and API keys' },
  { value: 'groups', label: 'Groups: only the reader groups below' },
];

/** Creates a collection, or changes one: its name, description, who reads it and who edits it. */
export function CollectionDialog({
  collection,
  groups,
  onClose,
}: {
  collection: CollectionView | null;
  groups: GroupView[];
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState(collection?.name ?? '');
  const [description, setDescription] = useState(collection?.description ?? '');
  const [visibility, setVisibility] = useState<Visibility>(collection?.visibility ?? 'groups');
  const [readers, setReaders] = useState<string[]>(collection?.readerGroupIds ?? []);
  const [editors, setEditors] = useState<string[]>(collection?.editorGroupIds ?? []);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    setError(null);
    try {
      const json = { name: name.trim(), description, visibility, readerGroupIds: readers, editorGroupIds: editors };
      await apiFetch(collection ? `/api/collections/${collection.id}` : '/api/collections', {
        method: collection ? 'PATCH' : 'POST',
        json,
      });
      announceSourcesChanged();
      ref.current?.close();
    } catch (e) {
      setError(describeProblem(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      dialogRef={ref}
      onClose={onClose}
      onSubmit={() => void save()}
      heading={collection ? `Edit “${collection.name}”` : 'New collection'}
      error={error}
      busy={busy}
      canSubmit={name.trim().length > 0}
      submitTestId="collection-save"
      className="w-[min(94vw,34rem)] p-5"
      data-testid="collection-dialog"
    >
      <label htmlFor="collection-name" className="mt-3 block text-sm font-medium">
        Name
      </label>
      <input
        id="collection-name"
        required
        maxLength={100}
        value={name}
        disabled={collection?.isDefault}
        onChange={(e) => setName(e.target.value)}
        className={`${fieldClass} mt-1`}
        data-testid="collection-name"
      />
      {collection?.isDefault ? (
        <p className="mt-1 text-xs text-muted">The default collection (DEFAULT_COLLECTION) keeps its name.</p>
      ) : null}
      <label htmlFor="collection-description" className="mt-3 block text-sm font-medium">
        Description
      </label>
      <textarea
        id="collection-description"
        maxLength={1000}
        rows={2}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        className={`${fieldClass} mt-1`}
      />
      <fieldset className="mt-3">
        <legend className="text-sm font-medium">Who reads it</legend>
        {visibilities.map((v) => (
          <label key={v.value} className="mt-1 flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="visibility"
              value={v.value}
              checked={visibility === v.value}
              onChange={() => setVisibility(v.value)}
              data-testid={`visibility-${v.value}`}
            />
            {v.label}
          </label>
        ))}
      </fieldset>
      {visibility === 'groups' ? (
        <GroupChecks legend="Reader groups" groups={groups} chosen={readers} onChange={setReaders} testId="readers" />
      ) : null}
      <GroupChecks
        legend="Editor groups (add, replace, rename, move and delete its sources)"
        groups={groups}
        chosen={editors}
        onChange={setEditors}
        testId="editors"
      />
    </FormDialog>
  );
}

function GroupChecks({
  legend,
  groups,
  chosen,
  onChange,
  testId,
}: {
  legend: string;
  groups: GroupView[];
  chosen: string[];
  onChange: (ids: string[]) => void;
  testId: string;
}) {
  return (
    <fieldset className="mt-3" data-testid={testId}>
      <legend className="text-sm font-medium">{legend}</legend>
      {groups.length === 0 ? <p className="mt-1 text-sm text-muted">No groups yet: create some below.</p> : null}
      <div className="mt-1 flex max-h-32 flex-wrap gap-x-4 gap-y-1 overflow-y-auto">
        {groups.map((g) => (
          <label key={g.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={chosen.includes(g.id)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, g.id] : chosen.filter((id) => id !== g.id))}
            />
            {g.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
