'use client';

import { useEffect, useRef, useState } from 'react';
import { apiFetch, describeProblem, loadInEffect } from '@/components/client-api';
import { fieldClass } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { announceSourcesChanged } from './panel-requests';
import type { GroupView, GroupWithMembers, UserView } from './types';
// Types only: the list's shape is the API's schema, so the picker reads what the server sends.
import type { z } from 'zod';
import type { userListSchema } from '@/lib/schemas/users';

type UserList = z.infer<typeof userListSchema>;

/** Everyone with an account, every page of GET /api/users: a members picker lists them all. */
async function allUsers(signal: AbortSignal): Promise<UserView[]> {
  const users: UserView[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page: UserList = await apiFetch(`/api/users?limit=100${query}`, { signal });
    users.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor && users.length < 5000);
  return users;
}

/** Picks a group's members from the people with accounts (PUT /api/groups/{id}/members). */
export function GroupMembersDialog({ group, onClose }: { group: GroupView; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [users, setUsers] = useState<UserView[] | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [filter, setFilter] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(
    () =>
      loadInEffect(
        async (signal) => {
          const [people, current] = await Promise.all([
            allUsers(signal),
            apiFetch<GroupWithMembers>(`/api/groups/${group.id}`, { signal }),
          ]);
          return { people, members: current.members.map((m) => m.id) };
        },
        ({ people, members }) => {
          setUsers(people);
          setChosen(new Set(members));
        },
        setError,
      ),
    [group.id],
  );

  async function save() {
    setBusy(true);
    setError(null);
    try {
      await apiFetch(`/api/groups/${group.id}/members`, { method: 'PUT', json: { userIds: [...chosen] } });
      announceSourcesChanged();
      ref.current?.close();
    } catch (e) {
      setError(describeProblem(e));
    } finally {
      setBusy(false);
    }
  }

  const needle = filter.trim().toLowerCase();
  const shown = (users ?? []).filter(
    (u) => !needle || u.email.includes(needle) || (u.name ?? '').toLowerCase().includes(needle),
  );
  return (
    <FormDialog
      dialogRef={ref}
      onClose={onClose}
      onSubmit={() => void save()}
      heading={`Members of “${group.name}”`}
      error={error}
      busy={busy || users === null}
      submitTestId="members-save"
      className="w-[min(94vw,30rem)] p-5"
      data-testid="members-dialog"
    >
      <label htmlFor="members-filter" className="mt-3 block text-sm font-medium">
        Find people
      </label>
      <input
        id="members-filter"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        placeholder="Name or email"
        className={`${fieldClass} mt-1`}
      />
      <p className="mt-2 text-xs text-muted" role="status">
        {users === null ? 'Loading people…' : `${chosen.size} chosen of ${users.length}`}
      </p>
      <ul className="mt-1 max-h-64 space-y-1 overflow-y-auto" aria-label="People">
        {shown.map((u) => (
          <li key={u.id}>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={chosen.has(u.id)}
                onChange={(e) =>
                  setChosen((prev) => {
                    const next = new Set(prev);
                    if (e.target.checked) next.add(u.id);
                    else next.delete(u.id);
                    return next;
                  })
                }
                data-testid="member-check"
              />
              <span className="min-w-0 truncate">
                {u.name ? `${u.name} · ` : ''}
                <span className="text-muted">{u.email}</span>
                {u.status === 'disabled' ? <span className="text-muted"> (disabled)</span> : null}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </FormDialog>
  );
}
