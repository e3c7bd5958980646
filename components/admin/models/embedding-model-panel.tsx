'use client';

import { useEffect, useState } from 'react';
import { apiFetch, describeProblem, loadInEffect } from '@/components/client-api';
import { Button } from '@/components/ui/button';
import { fieldClass } from '@/components/ui/field';
import type { EmbeddingModelView } from '@/lib/schemas/models';

const ENDPOINT = '/api/models/embedding';
const POLL_MS = 2000;
const count = new Intl.NumberFormat('en');

/** A model id as chunks record it (`conn:<connection>:<model>`, `local-hash-v2`) in the words of the choices. */
function nameOf(view: EmbeddingModelView, recorded: string): string {
  const id = recorded.startsWith('conn:')
    ? recorded.slice('conn:'.length)
    : /^local/.test(recorded)
      ? 'local'
      : recorded;
  return view.choices.find((c) => c.id === id)?.name ?? recorded;
}

/**
 * The embedding model (GET/PUT /api/models/embedding): choosing another starts the background
 * re-index, shown as chunks re-embedded (polled while it runs); search keeps the old vectors until
 * the new ones are complete. Read-only while EMBEDDING_MODEL is set in the environment.
 */
export function EmbeddingModelPanel({ initial }: { initial?: EmbeddingModelView }) {
  const [view, setView] = useState<EmbeddingModelView | null>(initial ?? null);
  const [selected, setSelected] = useState(initial?.model ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const running = view?.reindex.state === 'running';

  useEffect(() => {
    if (initial) return;
    return loadInEffect(
      (signal) => apiFetch<EmbeddingModelView>(ENDPOINT, { signal }),
      (next) => {
        setView(next);
        setSelected(next.model);
        setError(null);
      },
      setError,
    );
  }, [initial]);

  // While the re-index runs, ask again 2 s after each answer (never two requests at once).
  useEffect(() => {
    if (!running) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const poll = () => {
      timer = setTimeout(() => {
        apiFetch<EmbeddingModelView>(ENDPOINT, { signal: controller.signal }).then(
          (next) => {
            setView(next);
            setError(null);
            poll();
          },
          (e: unknown) => {
            if (controller.signal.aborted) return;
            setError(describeProblem(e));
            poll();
          },
        );
      }, POLL_MS);
    };
    poll();
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [running]);

  async function save() {
    setSaving(true);
    setError(null);
    try {
      const next = await apiFetch<EmbeddingModelView>(ENDPOINT, { method: 'PUT', json: { id: selected } });
      setView(next);
      setSelected(next.model);
    } catch (e) {
      setError(describeProblem(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section
      aria-labelledby="embedding-model-heading"
      className="min-w-0 rounded-xl border border-border bg-surface p-4 sm:p-5"
      data-testid="embedding-model-panel"
    >
      <h2 id="embedding-model-heading" className="text-base font-semibold">
        Embedding model
      </h2>
      <p className="mt-1 text-sm text-muted">
        Turns passages and questions into vectors for search. Changing it re-embeds every chunk in the background;
        search keeps the current vectors until the new ones are complete.
      </p>
      {view ? (
        <>
          <div className="mt-3 flex flex-wrap items-end gap-2">
            <label className="min-w-60 flex-1 text-sm">
              <span className="mb-1 block font-medium">Model</span>
              <select
                className={fieldClass}
                value={selected}
                disabled={view.readOnly || saving}
                onChange={(e) => setSelected(e.target.value)}
                data-testid="embedding-model-select"
              >
                {view.choices.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            <Button
              variant="primary"
              disabled={view.readOnly || saving || selected === view.model}
              onClick={save}
              data-testid="embedding-model-save"
            >
              {saving ? 'Checking…' : 'Save'}
            </Button>
          </div>
          {view.readOnly ? (
            <p className="mt-2 text-sm text-muted" data-testid="embedding-model-read-only">
              EMBEDDING_MODEL is set in the environment ({view.model}), which chooses the embedding model: unset it and
              restart to choose here.
            </p>
          ) : null}
          <p className="mt-2 text-sm text-muted">
            Search uses <span className="font-medium text-fg">{nameOf(view, view.active)}</span>.
          </p>
          {view.unavailable.length > 0 ? (
            <p className="mt-1 text-sm text-muted">
              {view.unavailable.length === 1 ? 'A connection' : `${view.unavailable.length} connections`} did not list
              their models just now.
            </p>
          ) : null}
          {running ? <ReindexProgress done={view.reindex.done} total={view.reindex.total} /> : null}
          {running && view.reindex.error ? (
            <p role="alert" className="mt-2 text-sm text-danger" data-testid="embedding-reindex-error">
              {view.reindex.error} Retrying in the background.
            </p>
          ) : null}
        </>
      ) : error ? null : (
        <p className="mt-3 text-sm text-muted">Loading…</p>
      )}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** Chunks with a vector of the chosen model, of all chunks. */
function ReindexProgress({ done, total }: { done: number; total: number }) {
  const percent = total > 0 ? Math.round((100 * Math.min(done, total)) / total) : 100;
  const label = `Re-embedding: ${count.format(done)} / ${count.format(total)} chunks`;
  return (
    <div className="mt-3" data-testid="embedding-reindex">
      <p className="mb-1 text-sm">{label}</p>
      <div
        role="progressbar"
        aria-label="Re-embedding"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={Math.min(done, total)}
        aria-valuetext={label}
        className="h-1.5 w-full overflow-hidden rounded-full bg-surface-2"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
