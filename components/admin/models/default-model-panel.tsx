'use client';

import { useEffect, useEffectEvent, useId, useState } from 'react';
import { apiFetch, describeProblem, loadInEffect } from '@/components/client-api';
import { Button } from '@/components/ui/button';
import { environmentModel, modelOptions, unavailableConnections } from './model-choices';
import type { ChatModelList, ConnectionView } from './models-api';
import { announceModelsChanged, useModelsVersion } from './models-version';

interface Loaded {
  list: ChatModelList;
  connections: ConnectionView[];
}

/** The default chat model: the built-in one or a model of an enabled connection, unless CHAT_MODEL chooses. */
export function DefaultModelPanel() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [chosen, setChosen] = useState('');
  // A choice not yet saved survives a reload of the list (a connection added beside it) while it is still offered.
  const [touched, setTouched] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const selectId = useId();
  const version = useModelsVersion();
  const onLoaded = useEffectEvent((list: ChatModelList, connections: ConnectionView[]) => {
    setLoaded({ list, connections });
    setChosen((mine) => (touched && list.data.some((m) => m.id === mine) ? mine : list.defaultChatModel));
    setError(null);
  });
  useEffect(
    () =>
      loadInEffect(
        (signal) =>
          Promise.all([
            apiFetch<ChatModelList>('/api/models', { signal }),
            apiFetch<{ data: ConnectionView[] }>('/api/models/connections', { signal }),
          ]),
        ([list, connections]) => onLoaded(list, connections.data),
        setError,
      ),
    [version],
  );

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setSaved(null);
    try {
      const list = await apiFetch<ChatModelList>('/api/models/default', { method: 'PUT', json: { chatModel: chosen } });
      setLoaded((l) => (l ? { ...l, list } : l));
      setChosen(list.defaultChatModel);
      setTouched(false);
      setError(null);
      const label = modelOptions(list).find((o) => o.id === list.defaultChatModel)?.label ?? list.defaultChatModel;
      setSaved(`Saved: new replies come from ${label}.`);
      announceModelsChanged(); // the allowed models always include the default
    } catch (err) {
      setError(describeProblem(err));
    } finally {
      setBusy(false);
    }
  }

  const list = loaded?.list;
  const fromEnvironment = list ? environmentModel(list) : undefined;
  const unavailable = loaded ? unavailableConnections(loaded.list, loaded.connections) : [];
  return (
    <section
      aria-labelledby="default-model-heading"
      className="min-w-0 rounded-xl border border-border bg-surface p-4 sm:p-5"
      data-testid="default-model-panel"
    >
      <h2 id="default-model-heading" className="text-base font-semibold">
        Default chat model
      </h2>
      <p className="mt-1 text-sm text-muted">Writes the replies in the chat, from the next one on; no restart.</p>
      {!list && !error ? (
        <p className="mt-3 text-sm text-muted">Asking the enabled connections for their models…</p>
      ) : null}
      {list ? (
        <form onSubmit={save} className="mt-3 flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1 basis-56">
            <label htmlFor={selectId} className="text-sm font-medium">
              Model
            </label>
            <select
              id={selectId}
              value={fromEnvironment ? list.defaultChatModel : chosen}
              onChange={(e) => {
                setChosen(e.target.value);
                setTouched(true);
                setSaved(null);
              }}
              disabled={list.readOnly || busy}
              aria-describedby={fromEnvironment ? `${selectId}-env` : undefined}
              className="mt-1 block h-10 w-full min-w-0 rounded-lg border border-border bg-bg px-2 text-sm disabled:opacity-70"
              data-testid="default-model-select"
            >
              {modelOptions(list).map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          {list.readOnly ? null : (
            <Button
              type="submit"
              variant="primary"
              disabled={busy || chosen === list.defaultChatModel}
              data-testid="default-model-save"
            >
              {busy ? 'Saving…' : 'Save'}
            </Button>
          )}
          {fromEnvironment ? (
            <p id={`${selectId}-env`} className="w-full text-sm text-muted" data-testid="default-model-env">
              Using <span className="font-mono text-xs text-fg">{fromEnvironment}</span>. Set by CHAT_MODEL in the
              environment; unset it to choose here.
            </p>
          ) : null}
        </form>
      ) : null}
      {saved ? (
        <p role="status" className="mt-3 text-sm text-success" data-testid="default-model-saved">
          {saved}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger" data-testid="default-model-error">
          {error}
        </p>
      ) : null}
      {unavailable.length > 0 ? (
        <div className="mt-3 text-sm" data-testid="default-model-unavailable">
          <p className="font-medium">Not offering models now:</p>
          <ul className="mt-1 space-y-1">
            {unavailable.map((u, i) => (
              <li key={i} className="break-words text-muted">
                <span className="text-fg">{u.name}</span>: {u.detail}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
