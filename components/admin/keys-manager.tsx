'use client';

import { useEffect, useState } from 'react';
import { apiFetch, describeProblem, loadInEffect } from '@/components/client-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { formatDate, type ApiKeyView } from './types';

interface KeyPage {
  data: ApiKeyView[];
  nextCursor: string | null;
}

/** API keys: create (the secret is shown once), list, revoke. */
export function KeysManager() {
  const [keys, setKeys] = useState<ApiKeyView[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [name, setName] = useState('');
  const [role, setRole] = useState<'user' | 'admin'>('user');
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [error, setError] = useState<string | null>(null);

  const [version, setVersion] = useState(0);
  const load = () => setVersion((v) => v + 1);
  useEffect(
    () =>
      loadInEffect(
        (signal) => apiFetch<KeyPage>('/api/keys', { signal }),
        (body) => {
          setKeys(body.data);
          setNextCursor(body.nextCursor);
        },
        setError,
      ),
    [version],
  );

  async function showMore() {
    if (!nextCursor) return;
    setLoadingMore(true);
    try {
      const page = await apiFetch<KeyPage>(`/api/keys?cursor=${encodeURIComponent(nextCursor)}`);
      setKeys((shown) => [...(shown ?? []), ...page.data]);
      setNextCursor(page.nextCursor);
    } catch (e) {
      setError(describeProblem(e));
    } finally {
      setLoadingMore(false);
    }
  }

  async function create(e: React.FormEvent) {
    e.preventDefault();
    try {
      const body = await apiFetch<ApiKeyView & { key: string }>('/api/keys', {
        method: 'POST',
        json: { name: name.trim(), role },
      });
      setCreated({ name: body.name, key: body.key });
      setCopied(false);
      setName('');
      setError(null);
      load();
    } catch (err) {
      setError(describeProblem(err));
    }
  }

  async function revoke() {
    if (!revoking) return;
    try {
      await apiFetch(`/api/keys/${revoking.id}`, { method: 'DELETE' });
      load();
    } catch (e) {
      setError(describeProblem(e));
    } finally {
      setRevoking(null);
    }
  }

  return (
    <section aria-labelledby="keys-heading" className="min-w-0 rounded-xl border border-border bg-surface p-4 sm:p-5">
      <h2 id="keys-heading" className="text-base font-semibold">
        API keys
      </h2>
      <form onSubmit={create} className="mt-3 flex flex-wrap items-end gap-2">
        <div className="min-w-[10rem] flex-1">
          <label htmlFor="key-name" className="text-sm font-medium">
            Name
          </label>
          <input
            id="key-name"
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="CI pipeline"
            data-testid="key-name"
            className="mt-1 h-10 w-full rounded-lg border border-border bg-bg px-3 text-sm outline-none focus:border-accent"
          />
        </div>
        <div>
          <label htmlFor="key-role" className="text-sm font-medium">
            Role
          </label>
          <select
            id="key-role"
            value={role}
            onChange={(e) => setRole(e.target.value as 'user' | 'admin')}
            data-testid="key-role"
            className="mt-1 block h-10 rounded-lg border border-border bg-bg px-2 text-sm"
          >
            <option value="user">User</option>
            <option value="admin">Admin</option>
          </select>
        </div>
        <Button type="submit" variant="primary" data-testid="key-create">
          Create key
        </Button>
      </form>
      {created ? (
        <div
          className="mt-3 rounded-lg border border-warning/40 bg-warning-soft p-3 text-sm"
          role="status"
          data-testid="new-key"
        >
          <p className="font-medium text-warning">Copy the key for “{created.name}” now: it will not be shown again.</p>
          <div className="mt-2 flex items-center gap-2">
            <code
              className="min-w-0 flex-1 truncate rounded bg-bg px-2 py-1.5 font-mono text-xs"
              data-testid="new-key-value"
            >
              {created.key}
            </code>
            <Button
              size="sm"
              onClick={async () => {
                await navigator.clipboard.writeText(created.key);
                setCopied(true);
              }}
            >
              <CopyIcon width={14} height={14} /> {copied ? 'Copied' : 'Copy'}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setCreated(null)}>
              Done
            </Button>
          </div>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="relative mt-4 overflow-x-auto">
        <table className="w-full text-sm" data-testid="keys-table">
          <thead className="text-left text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Name
              </th>
              <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                Key
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Role
              </th>
              <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                Last used
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(keys ?? []).map((k) => (
              <tr key={k.id} className="border-t border-border" data-testid="key-row">
                <td className="py-2 pr-3 font-medium">{k.name}</td>
                <td className="hidden px-3 py-2 font-mono text-xs text-muted sm:table-cell">{k.prefix}…</td>
                <td className="px-3 py-2">
                  <Badge tone={k.role === 'admin' ? 'accent' : 'neutral'}>{k.role}</Badge>
                </td>
                <td className="hidden px-3 py-2 text-muted sm:table-cell">{formatDate(k.lastUsedAt)}</td>
                <td className="py-2 pl-3 text-right">
                  {k.revokedAt ? (
                    <Badge tone="danger">Revoked</Badge>
                  ) : (
                    <button
                      type="button"
                      onClick={() => setRevoking(k)}
                      className="rounded-md px-2 py-1 text-sm text-danger hover:bg-danger-soft"
                      data-testid="revoke-key"
                    >
                      Revoke<span className="sr-only"> {k.name}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {nextCursor ? (
        <Button size="sm" className="mt-3" onClick={showMore} disabled={loadingMore} data-testid="keys-more">
          {loadingMore ? <Spinner /> : null}
          Show more keys
        </Button>
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this key?"
        confirmLabel="Revoke"
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
      >
        Anything using “{revoking?.name}” stops working at once, including admin sessions signed in with it.
      </ConfirmDialog>
    </section>
  );
}
