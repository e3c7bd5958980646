'use client';

import { useEffect, useRef, useState } from 'react';
import { ApiProblem, apiFetch, describeProblem, fetchSourceText, loadInEffect } from '@/components/client-api';
import { FormDialog } from '@/components/ui/form-dialog';
import { Spinner } from '@/components/ui/spinner';
import { announceSourcesChanged } from './panel-requests';
import type { Source } from './types';
import { fieldClass } from '@/components/ui/field';
import { MAX_SOURCE_TITLE_CHARS } from '@/lib/schemas/source-title-limit';

/**
 * Edits a pasted text source: its title and its text, read back as ingested
 * (GET /api/knowledge/sources/{id}/text) and saved as a replacement (PUT), so the
 * old text answers searches until the new one is ready. The PUT is conditional on the text
 * that was read (If-Match): an edit saved meanwhile elsewhere is not overwritten, and the
 * text typed here stays in the box to be copied.
 */
export function EditTextDialog({
  source,
  onClose,
  onSaved,
}: {
  source: Source;
  onClose: () => void;
  onSaved: (notice: string) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [title, setTitle] = useState(source.title);
  const [text, setText] = useState<string | null>(null);
  const [etag, setEtag] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(
    () =>
      loadInEffect(
        (signal) => fetchSourceText(source.id, signal),
        (found) => {
          setText(found.text);
          setEtag(found.etag);
        },
        setError,
      ),
    [source.id],
  );

  async function save() {
    if (text === null) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await apiFetch<Source>(`/api/knowledge/sources/${source.id}`, {
        method: 'PUT',
        json: { title: title.trim() || source.title, text },
        headers: etag ? { 'if-match': etag } : {},
      });
      announceSourcesChanged();
      onSaved(saved.status === 'pending' ? 'Saved: the new text is being ingested.' : 'Nothing changed.');
      ref.current?.close();
    } catch (e) {
      setError(
        e instanceof ApiProblem && e.status === 412
          ? 'This source was changed elsewhere since you opened it. Your text is still here: copy it, close, and open Edit again to see the new version.'
          : describeProblem(e),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      dialogRef={ref}
      onClose={onClose}
      onSubmit={() => void save()}
      heading="Edit text"
      error={error}
      busy={busy}
      canSubmit={!!text?.trim()}
      submitTestId="edit-save"
      className="w-[min(94vw,44rem)] p-5"
      data-testid="edit-text-dialog"
    >
      <label htmlFor="edit-title" className="mt-3 block text-sm font-medium">
        Title
      </label>
      <input
        id="edit-title"
        required
        maxLength={MAX_SOURCE_TITLE_CHARS}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        className={`${fieldClass} mt-1`}
        data-testid="edit-title"
      />
      <label htmlFor="edit-text" className="mt-3 block text-sm font-medium">
        Text
      </label>
      {text === null && !error ? (
        <p className="mt-1 flex items-center gap-2 text-sm text-muted">
          <Spinner /> Loading the text…
        </p>
      ) : (
        <textarea
          id="edit-text"
          required
          rows={12}
          value={text ?? ''}
          disabled={text === null}
          onChange={(e) => setText(e.target.value)}
          className={`${fieldClass} mt-1 resize-y font-mono text-[13px]`}
          data-testid="edit-text"
        />
      )}
    </FormDialog>
  );
}
