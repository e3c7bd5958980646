'use client';

import { useEffect, useState } from 'react';
import { apiFetch, describeProblem, loadInEffect } from '@/components/client-api';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { AddConnectionForm } from './add-connection-form';
import { ConnectionRow } from './connection-row';
import { EditConnectionDialog } from './edit-connection-dialog';
import type { ConnectionView } from './models-api';
import { announceModelsChanged, useModelsVersion } from './models-version';

/** Model connections (admin): OpenAI-compatible servers whose models can answer in the chat. */
export function ConnectionsPanel() {
  const [connections, setConnections] = useState<ConnectionView[] | null>(null);
  const [editing, setEditing] = useState<ConnectionView | null>(null);
  const [deleting, setDeleting] = useState<ConnectionView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const version = useModelsVersion();
  useEffect(
    () =>
      loadInEffect(
        (signal) => apiFetch<{ data: ConnectionView[] }>('/api/models/connections', { signal }),
        (body) => {
          setConnections(body.data);
          setError(null);
        },
        setError,
      ),
    [version],
  );

  async function remove() {
    if (!deleting) return;
    try {
      await apiFetch(`/api/models/connections/${deleting.id}`, { method: 'DELETE' });
      setError(null);
    } catch (e) {
      setError(describeProblem(e));
    } finally {
      setDeleting(null);
      announceModelsChanged();
    }
  }

  return (
    <section
      aria-labelledby="connections-heading"
      className="min-w-0 rounded-xl border border-border bg-surface p-4 sm:p-5"
      data-testid="connections-panel"
    >
      <h2 id="connections-heading" className="text-base font-semibold">
        Connections
      </h2>
      <p className="mt-1 text-sm text-muted">
        OpenAI-compatible servers: OpenAI, Ollama, vLLM, LM Studio. Their models can answer once a connection is
        enabled.
      </p>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger" data-testid="connections-error">
          {error}
        </p>
      ) : null}
      <ul className="mt-3 divide-y divide-border border-y border-border" data-testid="connections-list">
        {(connections ?? []).map((c) => (
          <ConnectionRow key={c.id} connection={c} onEdit={() => setEditing(c)} onDelete={() => setDeleting(c)} />
        ))}
        {connections?.length === 0 ? <li className="py-3 text-sm text-muted">No connections yet.</li> : null}
        {connections === null && !error ? <li className="py-3 text-sm text-muted">Loading connections…</li> : null}
      </ul>
      <AddConnectionForm />
      {editing ? <EditConnectionDialog key={editing.id} connection={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.name}”?`}
        confirmLabel="Delete connection"
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      >
        Its key is deleted with it. If one of its models is the default, replies go back to the built-in model.
      </ConfirmDialog>
    </section>
  );
}
