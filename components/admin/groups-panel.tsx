'use client';

import { useEffect, useRef, useState } from 'react';
import { apiFetch, describeProblem, loadInEffect } from '@/components/client-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { fieldClass } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { GroupMembersDialog } from './group-members-dialog';
import { announceSourcesChanged, useSourcesVersion } from './panel-requests';
import type { GroupView } from './types';

const action = 'rounded-md px-2 py-1 text-sm hover:bg-surface-2 disabled:opacity-50';

/** Groups (admin): create, rename, choose members, delete. The identity provider's own are read-only. */
export function GroupsPanel() {
  const [groups, setGroups] = useState<GroupView[] | null>(null);
  const [name, setName] = useState('');
  const [members, setMembers] = useState<GroupView | null>(null);
  const [renaming, setRenaming] = useState<GroupView | null>(null);
  const [deleting, setDeleting] = useState<GroupView | null>(null);
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

  async function create(e: React.FormEvent) {
    e.preventDefault();
    try {
      await apiFetch('/api/groups', { method: 'POST', json: { name: name.trim() } });
      setName('');
      setError(null);
      announceSourcesChanged();
    } catch (err) {
      setError(describeProblem(err));
    }
  }

  async function remove() {
    if (!deleting) return;
    try {
      await apiFetch(`/api/groups/${deleting.id}`, { method: 'DELETE' });
      setError(null);
    } catch (e) {
      setError(describeProblem(e));
    } finally {
      setDeleting(null);
      announceSourcesChanged();
    }
  }

  return (
    <section aria-labelledby="groups-heading" className="min-w-0 rounded-xl border border-border bg-surface p-4 sm:p-5">
      <h2 id="groups-heading" className="text-base font-semibold">
        Groups
      </h2>
      <form onSubmit={create} className="mt-3 flex flex-wrap items-end gap-2">
        <div className="min-w-[10rem] flex-1">
          <label htmlFor="group-name" className="text-sm font-medium">
            Name
          </label>
          <input
            id="group-name"
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Engineering"
            data-testid="group-name"
            className={`${fieldClass} mt-1 h-10`}
          />
        </div>
        <Button type="submit" variant="primary" data-testid="group-create">
          Create group
        </Button>
      </form>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <ul className="mt-4 divide-y divide-border" data-testid="groups-list">
        {(groups ?? []).map((g) => {
          const managed = g.managedBy === 'oidc';
          const why = managed ? 'Managed by the identity provider: change it there' : undefined;
          return (
            <li key={g.id} className="flex flex-wrap items-center gap-2 py-2 text-sm" data-testid="group-row">
              <span className="mr-auto min-w-0">
                <span className="font-medium">{g.name}</span>{' '}
                <span className="text-muted">· {g.memberCount === 1 ? '1 member' : `${g.memberCount} members`}</span>
                {managed ? (
                  <span className="ml-2">
                    <Badge tone="accent">SSO</Badge>
                  </span>
                ) : null}
              </span>
              <button
                type="button"
                className={action}
                disabled={managed}
                title={why}
                onClick={() => setMembers(g)}
                data-testid="group-members"
              >
                Members<span className="sr-only"> of {g.name}</span>
              </button>
              <button type="button" className={action} disabled={managed} title={why} onClick={() => setRenaming(g)}>
                Rename<span className="sr-only"> {g.name}</span>
              </button>
              <button
                type="button"
                className={`${action} text-danger`}
                disabled={managed}
                title={why}
                onClick={() => setDeleting(g)}
                data-testid="group-delete"
              >
                Delete<span className="sr-only"> {g.name}</span>
              </button>
            </li>
          );
        })}
        {groups?.length === 0 ? <li className="py-2 text-sm text-muted">No groups yet.</li> : null}
      </ul>
      {members ? <GroupMembersDialog group={members} onClose={() => setMembers(null)} /> : null}
      {renaming ? <RenameGroupDialog group={renaming} onClose={() => setRenaming(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.name}”?`}
        confirmLabel="Delete group"
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        Its members lose what it gave them (reading and editing collections) at once.
      </ConfirmDialog>
    </section>
  );
}

function RenameGroupDialog({ group, onClose }: { group: GroupView; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState(group.name);
  const [description, setDescription] = useState(group.description);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    try {
      await apiFetch(`/api/groups/${group.id}`, { method: 'PATCH', json: { name: name.trim(), description } });
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
      heading="Rename group"
      error={error}
      busy={busy}
      canSubmit={name.trim().length > 0}
      submitTestId="group-rename-save"
      className="w-[min(94vw,28rem)] p-5"
      data-testid="group-rename-dialog"
    >
      <label htmlFor="group-rename" className="mt-3 block text-sm font-medium">
        Name
      </label>
      <input
        id="group-rename"
        required
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.target.value)}
        className={`${fieldClass} mt-1`}
      />
      <label htmlFor="group-description" className="mt-3 block text-sm font-medium">
        Description
      </label>
      <input
        id="group-description"
        maxLength={1000}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        className={`${fieldClass} mt-1`}
      />
    </FormDialog>
  );
}
