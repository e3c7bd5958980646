'use client';

import type { z } from 'zod';
import { Badge } from '@/components/ui/badge';
// Types only: the schemas are the API's.
import type { userSchema } from '@/lib/schemas/users';
import { formatDate } from './types';

export type Person = z.infer<typeof userSchema>;

/** One person in the People panel: who, role (changed in place), last seen, and what an admin may do. */
export function PersonRow({
  person,
  onChange,
  onReset,
  onDisable,
}: {
  person: Person;
  onChange: (change: Partial<Pick<Person, 'role' | 'status'>>) => void;
  onReset: () => void;
  onDisable: () => void;
}) {
  return (
    <tr className="border-t border-border" data-testid="person-row">
      <td className="max-w-[16rem] py-2 pr-3">
        <span className="block truncate font-medium" dir="auto">
          {person.name ?? person.email}
        </span>
        <span className="block truncate text-xs text-muted">
          {person.email}
          {person.sso ? ' · single sign-on' : person.hasPassword ? '' : ' · invited'}
        </span>
      </td>
      <td className="px-3 py-2">
        <label className="sr-only" htmlFor={`role-${person.id}`}>
          Role of {person.email}
        </label>
        <select
          id={`role-${person.id}`}
          value={person.role}
          onChange={(e) => onChange({ role: e.target.value as Person['role'] })}
          data-testid="person-role"
          className="h-8 rounded-md border border-border bg-bg px-1.5 text-sm"
        >
          <option value="member">Member</option>
          <option value="admin">Admin</option>
        </select>
      </td>
      <td className="hidden px-3 py-2 text-muted sm:table-cell">{formatDate(person.lastSeenAt)}</td>
      <td className="whitespace-nowrap py-2 pl-3 text-right">
        {person.status === 'disabled' ? <Badge tone="danger">Disabled</Badge> : null}
        {!person.sso && person.status === 'active' ? (
          <button
            type="button"
            onClick={onReset}
            className="rounded-md px-2 py-1 text-sm hover:bg-surface-2"
            data-testid="person-reset"
          >
            {person.hasPassword ? 'Reset password' : 'New link'}
            <span className="sr-only"> for {person.email}</span>
          </button>
        ) : null}
        {person.status === 'active' ? (
          <button
            type="button"
            onClick={onDisable}
            className="rounded-md px-2 py-1 text-sm text-danger hover:bg-danger-soft"
            data-testid="person-disable"
          >
            Disable<span className="sr-only"> {person.email}</span>
          </button>
        ) : (
          <button
            type="button"
            onClick={() => onChange({ status: 'active' })}
            className="rounded-md px-2 py-1 text-sm hover:bg-surface-2"
            data-testid="person-enable"
          >
            Enable<span className="sr-only"> {person.email}</span>
          </button>
        )}
      </td>
    </tr>
  );
}
