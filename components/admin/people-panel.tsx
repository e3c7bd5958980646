'use client';

import { useEffect, useState } from 'react';
import { apiFetch, describeProblem, loadInEffect } from '@/components/client-api';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { fieldClass } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { OneTimeLink } from './one-time-link';
import { PersonRow, type Person } from './person-row';

interface PeoplePage {
  data: Person[];
  nextCursor: string | null;
}

/** People with accounts: invite (a link to pass on), change role, disable or enable, reset a password. */
export function PeoplePanel() {
  const [people, setPeople] = useState<Person[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<'member' | 'admin'>('member');
  const [link, setLink] = useState<{ label: string; url: string } | null>(null);
  const [disabling, setDisabling] = useState<Person | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  useEffect(
    () =>
      loadInEffect(
        (signal) => apiFetch<PeoplePage>('/api/users', { signal }),
        (page) => {
          setPeople(page.data);
          setNextCursor(page.nextCursor);
        },
        setError,
      ),
    [version],
  );

  async function act(run: () => Promise<void>) {
    try {
      await run();
      setError(null);
    } catch (e) {
      setError(describeProblem(e));
    }
  }

  const invite = (e: React.FormEvent) => {
    e.preventDefault();
    return act(async () => {
      const json = { email: email.trim(), role, ...(name.trim() ? { name: name.trim() } : {}) };
      const body = await apiFetch<{ user: Person; invitationUrl: string }>('/api/users', { method: 'POST', json });
      setLink({ label: `Invitation for ${body.user.email}`, url: body.invitationUrl });
      setEmail('');
      setName('');
      reload();
    });
  };

  const update = (person: Person, json: Partial<Pick<Person, 'role' | 'status'>>) =>
    act(async () => {
      const changed = await apiFetch<Person>(`/api/users/${person.id}`, { method: 'PATCH', json });
      setPeople((shown) => shown?.map((p) => (p.id === changed.id ? changed : p)) ?? null);
    });

  const reset = (person: Person) =>
    act(async () => {
      const { resetUrl } = await apiFetch<{ resetUrl: string }>(`/api/users/${person.id}/password-reset`, {
        method: 'POST',
      });
      setLink({ label: `Password reset for ${person.email}`, url: resetUrl });
    });

  async function showMore() {
    if (!nextCursor) return;
    setLoadingMore(true);
    await act(async () => {
      const page = await apiFetch<PeoplePage>(`/api/users?cursor=${encodeURIComponent(nextCursor)}`);
      setPeople((shown) => [...(shown ?? []), ...page.data]);
      setNextCursor(page.nextCursor);
    });
    setLoadingMore(false);
  }

  return (
    <section
      aria-labelledby="people-heading"
      className="min-w-0 rounded-xl border border-border bg-surface p-4 sm:p-5"
      data-testid="people-panel"
    >
      <h2 id="people-heading" className="text-base font-semibold">
        People
      </h2>
      <p className="mt-1 text-sm text-muted">
        Invite someone: you get a link to pass on (no email is sent). It works once, for 7 days.
      </p>
      <form onSubmit={invite} className="mt-3 flex flex-wrap items-end gap-2">
        <div className="min-w-[12rem] flex-[2]">
          <label htmlFor="invite-email" className="text-sm font-medium">
            Email
          </label>
          <input
            id="invite-email"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            data-testid="invite-email"
            className={`mt-1 h-10 ${fieldClass}`}
          />
        </div>
        <div className="min-w-[8rem] flex-1">
          <label htmlFor="invite-name" className="text-sm font-medium">
            Name <span className="font-normal text-muted">(optional)</span>
          </label>
          <input
            id="invite-name"
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
            data-testid="invite-name"
            className={`mt-1 h-10 ${fieldClass}`}
          />
        </div>
        <div>
          <label htmlFor="invite-role" className="text-sm font-medium">
            Role
          </label>
          <select
            id="invite-role"
            value={role}
            onChange={(e) => setRole(e.target.value as 'member' | 'admin')}
            className="mt-1 block h-10 rounded-lg border border-border bg-bg px-2 text-sm"
          >
            <option value="member">Member</option>
            <option value="admin">Admin</option>
          </select>
        </div>
        <Button type="submit" variant="primary" data-testid="invite-submit">
          Invite
        </Button>
      </form>
      {link ? <OneTimeLink label={link.label} url={link.url} onDone={() => setLink(null)} /> : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="relative mt-4 overflow-x-auto">
        <table className="w-full text-sm" data-testid="people-table">
          <thead className="text-left text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Person
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Role
              </th>
              <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                Last seen
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {people?.length === 0 ? (
              <tr>
                <td colSpan={4} className="py-3 text-muted">
                  Nobody has an account yet.
                </td>
              </tr>
            ) : null}
            {(people ?? []).map((p) => (
              <PersonRow
                key={p.id}
                person={p}
                onChange={(json) => update(p, json)}
                onReset={() => reset(p)}
                onDisable={() => setDisabling(p)}
              />
            ))}
          </tbody>
        </table>
      </div>
      {nextCursor ? (
        <Button size="sm" className="mt-3" onClick={showMore} disabled={loadingMore}>
          {loadingMore ? <Spinner /> : null}
          Show more people
        </Button>
      ) : null}
      <ConfirmDialog
        open={disabling !== null}
        title="Disable this person?"
        confirmLabel="Disable"
        onConfirm={async () => {
          if (disabling) await update(disabling, { status: 'disabled' });
          setDisabling(null);
        }}
        onCancel={() => setDisabling(null)}
      >
        {disabling?.email} is signed out everywhere at once, and their API keys stop working. You can enable them again
        later.
      </ConfirmDialog>
    </section>
  );
}
