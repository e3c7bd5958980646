'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { fieldClass } from '@/components/ui/field';
import { MAX_SOURCE_TITLE_CHARS } from '@/lib/schemas/source-title-limit';
import { RefreshSelect } from './refresh-select';
import type { RefreshInterval } from './types';

/** Each form's onSubmit resolves to an error message, or null when the source was accepted. */
export type Submit<A extends unknown[]> = (...args: A) => Promise<string | null>;

/** Busy and error state of a form whose submit resolves to an error message or null; `onAccepted` clears it. */
export function useSubmission<A extends unknown[]>(submit: Submit<A>, onAccepted: () => void) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (...args: A) => {
    setBusy(true);
    const problem = await submit(...args);
    setBusy(false);
    setError(problem);
    if (!problem) onAccepted();
  };
  return { error, busy, run };
}

export function UrlForm({ onSubmit }: { onSubmit: Submit<[string, RefreshInterval | null]> }) {
  const [url, setUrl] = useState('');
  const [refresh, setRefresh] = useState<RefreshInterval | null>(null);
  const { error, busy, run } = useSubmission(onSubmit, () => setUrl(''));
  return (
    <form
      className="rounded-lg border border-border bg-bg p-3"
      onSubmit={(e) => {
        e.preventDefault();
        void run(url.trim(), refresh);
      }}
    >
      <label htmlFor="source-url" className="text-sm font-medium">
        From a web address
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id="source-url"
          type="url"
          required
          placeholder="https://example.com/handbook"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          className={fieldClass}
          data-testid="url-input"
        />
        <Button type="submit" variant="primary" disabled={busy || !url.trim()} data-testid="url-submit">
          Add
        </Button>
      </div>
      <div className="mt-2">
        <RefreshSelect id="url-refresh" value={refresh} onChange={setRefresh} testId="url-refresh" />
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}

export function PasteForm({ onSubmit }: { onSubmit: Submit<[string, string]> }) {
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const { error, busy, run } = useSubmission(onSubmit, () => {
    setTitle('');
    setText('');
  });
  return (
    <form
      className="rounded-lg border border-border bg-bg p-3"
      onSubmit={(e) => {
        e.preventDefault();
        void run(title.trim(), text);
      }}
    >
      <p className="text-sm font-medium">Paste text</p>
      <label htmlFor="paste-title" className="sr-only">
        Title
      </label>
      <input
        id="paste-title"
        placeholder="Title"
        maxLength={MAX_SOURCE_TITLE_CHARS}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        className={`${fieldClass} mt-2`}
        data-testid="paste-title"
      />
      <label htmlFor="paste-text" className="sr-only">
        Text
      </label>
      <textarea
        id="paste-text"
        required
        rows={3}
        placeholder="Paste the text to add…"
        value={text}
        onChange={(e) => setText(e.target.value)}
        className={`${fieldClass} mt-2 resize-y`}
        data-testid="paste-text"
      />
      <div className="mt-2 flex items-center justify-between gap-2">
        {error ? (
          <p role="alert" className="text-xs text-danger">
            {error}
          </p>
        ) : (
          <span />
        )}
        <Button type="submit" variant="primary" disabled={busy || !text.trim()} data-testid="paste-submit">
          Add text
        </Button>
      </div>
    </form>
  );
}
