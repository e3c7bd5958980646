'use client';

import { useEffect, useState } from 'react';
import { apiFetch, describeProblem, loadInEffect } from '@/components/client-api';
import { formatDate, type ApiKeyView } from '@/components/admin/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { fieldClass } from '@/components/ui/field';
import { CopyIcon } from '@/components/ui/icons';

interface Collection {
  id: string;
  name: string;
}

/** The collections I may read (GET /api/collections), to narrow a key to; none listed when there is no such endpoint. */
async function readableCollections(signal: AbortSignal): Promise<Collection[]> {
  try {
    const body = await apiFetch<Collection[] | { data: Collection[] }>('/api/collections?limit=100', { signal });
    return Array.isArray(body) ? body : body.data;
  } catch {
    return [];
  }
}

/** My API keys: each acts as me; create one (shown once), optionally narrowed to collections, and revoke. */
export function OwnKeys() {
  const [keys, setKeys] = useState<ApiKeyView[] | null>(null);
  const [collections, setCollections] = useState<Collection[]>([]);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(
    () =>
      loadInEffect(
        (signal) => apiFetch<{ data: ApiKeyView[] }>('/api/keys?limit=100', { signal }),
        (body) => setKeys(body.data),
        setError,
      ),
    [version],
  );
  useEffect(() => loadInEffect(readableCollections, setCollections, () => {}), []);

  async function create(e: React.FormEvent) {
    e.preventDefault();
    try {
      const json = { name: name.trim(), ...(chosen.length > 0 ? { collectionIds: chosen } : {}) };
      const body = await apiFetch<ApiKeyView & { key: string }>('/api/keys', { method: 'POST', json });
      setCreated({ name: body.name, key: body.key });
      setName('');
      setChosen([]);
      setError(null);
      setVersion((v) => v + 1);
    } catch (err) {
      setError(describeProblem(err));
    }
  }

  async function revoke() {
    if (!revoking) return;
    try {
      await apiFetch(`/api/keys/${revoking.id}`, { method: 'DELETE' });
      setVersion((v) => v + 1);
    } catch (e) {
      setError(describeProblem(e));
    } finally {
      setRevoking(null);
    }
  }

  const collectionName = (id: string) => collections.find((c) => c.id === id)?.name ?? 'a collection';

  return (
    <section aria-labelledby="own-keys-heading" className="rounded-xl border border-border bg-surface p-4 sm:p-5">
      <h2 id="own-keys-heading" className="text-base font-semibold">
        Your API keys
      </h2>
      <p className="mt-1 text-sm text-muted">A key acts as you: it reads what you may read, never more.</p>
      <form onSubmit={create} className="mt-3 space-y-3">
        <div>
          <label htmlFor="own-key-name" className="text-sm font-medium">
            Name
          </label>
          <input
            id="own-key-name"
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="My script"
            data-testid="own-key-name"
            className={`mt-1 h-10 ${fieldClass}`}
          />
        </div>
        {collections.length > 0 ? (
          <fieldset>
            <legend className="text-sm font-medium">Only these collections (none chosen: all you may read)</legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {collections.map((c) => (
                <label key={c.id} className="flex items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    checked={chosen.includes(c.id)}
                    onChange={(e) =>
                      setChosen((ids) => (e.target.checked ? [...ids, c.id] : ids.filter((id) => id !== c.id)))
                    }
                  />
                  {c.name}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <Button type="submit" variant="primary" data-testid="own-key-create">
          Create key
        </Button>
      </form>
      {created ? (
        <div
          className="mt-3 rounded-lg border border-warning/40 bg-warning-soft p-3 text-sm"
          role="status"
          data-testid="own-new-key"
        >
          <p className="font-medium text-warning">Copy the key for “{created.name}” now: it will not be shown again.</p>
          <div className="mt-2 flex items-center gap-2">
            <code
              className="min-w-0 flex-1 truncate rounded bg-bg px-2 py-1.5 font-mono text-xs"
              data-testid="own-new-key-value"
            >
              {created.key}
            </code>
            <Button size="sm" onClick={() => navigator.clipboard.writeText(created.key)}>
              <CopyIcon width={14} height={14} /> Copy
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
      <ul className="mt-4 divide-y divide-border" data-testid="own-keys">
        {keys?.length === 0 ? <li className="py-2 text-sm text-muted">No keys yet.</li> : null}
        {(keys ?? []).map((k) => (
          <li
            key={k.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5 text-sm"
            data-testid="own-key-row"
          >
            <span className="font-medium">{k.name}</span>
            <span className="font-mono text-xs text-muted">{k.prefix}…</span>
            {k.collectionIds.length > 0 ? (
              <span className="text-muted">only {k.collectionIds.map(collectionName).join(', ')}</span>
            ) : null}
            <span className="text-muted">last used {formatDate(k.lastUsedAt)}</span>
            <span className="ml-auto">
              {k.revokedAt ? (
                <Badge tone="danger">Revoked</Badge>
              ) : (
                <button
                  type="button"
                  onClick={() => setRevoking(k)}
                  className="rounded-md px-2 py-1 text-sm text-danger hover:bg-danger-soft"
                  data-testid="own-key-revoke"
                >
                  Revoke<span className="sr-only"> {k.name}</span>
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this key?"
        confirmLabel="Revoke"
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
      >
        Anything using “{revoking?.name}” stops working at once.
      </ConfirmDialog>
    </section>
  );
}
