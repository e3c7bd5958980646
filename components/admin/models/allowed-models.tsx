'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { apiFetch, describeProblem, loadInEffect } from '@/components/client-api';
import { Button } from '@/components/ui/button';
// Types only: the shapes are the API's schemas.
import type { AllowedModelView, ChatModelView } from '@/lib/schemas/models';

interface Choices {
  data: ChatModelView[];
  readOnly: boolean;
  unavailable: { connectionId: string; detail: string }[];
}

interface Row {
  id: string;
  name: string;
  /** `local` and the default: always allowed, so not a choice here. */
  fixed: boolean;
}

/** The rows: GET /api/models' choices, then allowed models whose server did not list them just now. */
function rowsOf(choices: Choices, allowed: AllowedModelView[]): Row[] {
  const rows = choices.data.map((m) => ({ id: m.id, name: m.name, fixed: m.id === 'local' || m.default }));
  for (const m of allowed)
    if (!rows.some((r) => r.id === m.id)) rows.push({ id: m.id, name: m.name, fixed: m.default });
  return rows;
}

/**
 * Which chat models people may pick in the chat (PUT /api/models/allowed): the models of enabled
 * connections, ticked when allowed. `reloadKey` reads the lists again (after a connection changed).
 */
export function AllowedModels({ reloadKey = 0 }: { reloadKey?: number }) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [readOnly, setReadOnly] = useState(false);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(
    () =>
      loadInEffect(
        (signal) =>
          Promise.all([
            apiFetch<Choices>('/api/models', { signal }),
            apiFetch<{ data: AllowedModelView[] }>('/api/models/allowed', { signal }),
          ]),
        ([choices, allowed]) => {
          setRows(rowsOf(choices, allowed.data));
          setReadOnly(choices.readOnly);
          setTicked(new Set(allowed.data.map((m) => m.id)));
          setError(null);
        },
        (message) => setError(message),
      ),
    [reloadKey],
  );

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      const ids = [...ticked].filter((id) => id !== 'local');
      const { data } = await apiFetch<{ data: AllowedModelView[] }>('/api/models/allowed', {
        method: 'PUT',
        json: { ids },
      });
      setTicked(new Set(data.map((m) => m.id)));
      setSaved(true);
    } catch (err) {
      setError(describeProblem(err));
    } finally {
      setBusy(false);
    }
  }

  const toggle = (id: string, on: boolean) => {
    setSaved(false);
    setTicked((t) => new Set(on ? [...t, id] : [...t].filter((x) => x !== id)));
  };

  return (
    <section
      aria-labelledby="allowed-models-heading"
      className="rounded-xl border border-border bg-surface p-4 sm:p-5"
      data-testid="allowed-models"
    >
      <h2 id="allowed-models-heading" className="text-base font-semibold">
        Models people may pick
      </h2>
      <p className="mt-1 text-sm text-muted">
        {readOnly
          ? 'CHAT_MODEL is set in the environment: it is the only chat model.'
          : 'The chat offers these beside the default. The built-in model and the default are always allowed.'}
      </p>
      {rows ? (
        <form onSubmit={save} className="mt-3 space-y-3">
          <fieldset disabled={readOnly || busy} className="space-y-1.5">
            <legend className="sr-only">Allowed models</legend>
            {rows.map((r) => (
              <label key={r.id} className="flex items-center gap-2 text-sm [overflow-wrap:anywhere]">
                <input
                  type="checkbox"
                  data-testid="allowed-model"
                  value={r.id}
                  checked={r.fixed || ticked.has(r.id)}
                  disabled={r.fixed}
                  onChange={(e) => toggle(r.id, e.target.checked)}
                />
                {r.name}
                {r.fixed ? <span className="text-xs text-muted">(always)</span> : null}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" variant="primary" size="sm" disabled={readOnly || busy}>
              {busy ? 'Saving…' : 'Save'}
            </Button>
            {saved ? (
              <p role="status" className="text-sm text-success" data-testid="allowed-models-saved">
                Saved. The chat offers them from the next page load.
              </p>
            ) : null}
          </div>
        </form>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger" data-testid="allowed-models-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
