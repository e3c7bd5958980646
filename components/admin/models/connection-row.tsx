'use client';

import { useState } from 'react';
import { apiFetch, describeProblem } from '@/components/client-api';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { keyLabel, testSummary, wireApiLabel, type ConnectionTest, type ConnectionView } from './models-api';
import { announceModelsChanged } from './models-version';

const action = 'rounded-md px-2 py-1 text-sm hover:bg-surface-2 disabled:opacity-50';

type Shown =
  | { kind: 'test'; summary: string; models: string[] }
  | { kind: 'models'; models: { id: string; ownedBy?: string }[] }
  | { kind: 'error'; detail: string }
  | null;

/** One connection: what it points at, its switch, and its test, models, edit and delete actions. */
export function ConnectionRow({
  connection: c,
  onEdit,
  onDelete,
}: {
  connection: ConnectionView;
  onEdit: () => void;
  onDelete: () => void;
}) {
  // What a test or listing showed, of the connection as it was then: an edit or a switch hides it.
  const [result, setResult] = useState<{ of: string; shown: Shown }>({ of: c.updatedAt, shown: null });
  const shown = result.of === c.updatedAt ? result.shown : null;
  const setShown = (next: Shown) => setResult({ of: c.updatedAt, shown: next });
  const [busy, setBusy] = useState<'test' | 'models' | 'toggle' | null>(null);

  async function run(kind: 'test' | 'models' | 'toggle', call: () => Promise<Shown | undefined>) {
    setBusy(kind);
    try {
      const next = await call();
      if (next !== undefined) setShown(next);
    } catch (e) {
      setShown({ kind: 'error', detail: describeProblem(e) });
    } finally {
      setBusy(null);
    }
  }
  // Without a model the API asks the first listed, which may be an embedding model: a listed one can be picked.
  const test = (model?: string) =>
    run('test', async () => {
      const t = await apiFetch<ConnectionTest>(`/api/models/connections/${c.id}/test`, {
        method: 'POST',
        json: model ? { model } : {},
      });
      return { kind: 'test', summary: testSummary(t), models: t.models };
    });
  const listModels = () =>
    shown?.kind === 'models'
      ? setShown(null)
      : run('models', async () => {
          const body = await apiFetch<{ data: { id: string; ownedBy?: string }[] }>(
            `/api/models/connections/${c.id}/models`,
          );
          return { kind: 'models', models: body.data };
        });
  const toggle = () =>
    run('toggle', async () => {
      await apiFetch(`/api/models/connections/${c.id}`, { method: 'PATCH', json: { enabled: !c.enabled } });
      announceModelsChanged();
      return undefined;
    });

  return (
    <li className="py-3 text-sm" data-testid="connection-row" data-name={c.name}>
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{c.name}</span>
            {c.suggested ? (
              <Badge tone="accent" data-testid="connection-suggested">
                Suggested
              </Badge>
            ) : null}
          </p>
          <p className="break-all font-mono text-xs text-muted">{c.baseUrl}</p>
          <p className="text-xs text-muted">
            {wireApiLabel(c.wireApi)} · <span data-testid="connection-key">{keyLabel(c)}</span>
          </p>
          {c.suggested ? <p className="mt-1">Found on this machine. Enable to use it.</p> : null}
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={c.enabled}
          // aria-disabled, not disabled: a disabled button loses the keyboard focus while it saves.
          onClick={() => busy === null && void toggle()}
          aria-disabled={busy !== null}
          className="flex items-center gap-2 rounded-md px-1 py-1 text-sm aria-disabled:opacity-50"
          data-testid="connection-enabled"
        >
          <span
            aria-hidden="true"
            className={`relative inline-block h-5 w-9 rounded-full transition-colors ${c.enabled ? 'bg-accent' : 'bg-surface-2 ring-1 ring-border'}`}
          >
            <span
              className={`absolute top-0.5 h-4 w-4 rounded-full bg-bg shadow transition-all ${c.enabled ? 'left-[1.125rem]' : 'left-0.5'}`}
            />
          </span>
          Enabled<span className="sr-only"> {c.name}</span>
        </button>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-1">
        <button
          type="button"
          className={action}
          onClick={() => void test()}
          disabled={busy !== null}
          data-testid="connection-test"
        >
          {busy === 'test' ? <Spinner className="mr-1 align-[-3px]" /> : null}
          {busy === 'test' ? 'Testing…' : 'Test'}
          <span className="sr-only"> {c.name}</span>
        </button>
        <button
          type="button"
          className={action}
          onClick={() => void listModels()}
          disabled={busy !== null}
          aria-expanded={shown?.kind === 'models'}
          data-testid="connection-show-models"
        >
          {shown?.kind === 'models' ? 'Hide models' : 'Show models'}
          <span className="sr-only"> of {c.name}</span>
        </button>
        <button type="button" className={action} onClick={onEdit} data-testid="connection-edit">
          Edit<span className="sr-only"> {c.name}</span>
        </button>
        <button type="button" className={`${action} text-danger`} onClick={onDelete} data-testid="connection-delete">
          Delete<span className="sr-only"> {c.name}</span>
        </button>
      </div>
      <RowResult shown={shown} onTest={busy === null ? (model) => void test(model) : undefined} />
    </li>
  );
}

function RowResult({ shown, onTest }: { shown: Shown; onTest?: (model: string) => void }) {
  if (!shown) return null;
  if (shown.kind === 'error') {
    return (
      <p role="alert" className="mt-2 rounded-lg bg-danger-soft px-3 py-2 text-danger" data-testid="connection-error">
        {shown.detail}
      </p>
    );
  }
  const models = shown.kind === 'test' ? shown.models.map((id) => ({ id })) : shown.models;
  return (
    <div role="status" className="mt-2 rounded-lg border border-border bg-bg px-3 py-2" data-testid="connection-result">
      {shown.kind === 'test' ? <p className="text-success">{shown.summary}</p> : null}
      {models.length === 0 ? (
        <p className="text-muted">The server lists no models.</p>
      ) : (
        <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Models" data-testid="connection-models">
          {models.map((m) => (
            <li key={m.id} className="flex items-center gap-1 rounded bg-surface-2 px-1.5 py-0.5">
              <span className="font-mono text-xs" data-testid="connection-model">
                {m.id}
              </span>
              {shown.kind === 'models' ? (
                <button
                  type="button"
                  className="rounded px-1 text-xs text-accent underline-offset-2 hover:underline disabled:opacity-50"
                  onClick={() => onTest?.(m.id)}
                  disabled={!onTest}
                  data-testid="connection-model-test"
                >
                  Test<span className="sr-only"> {m.id}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
