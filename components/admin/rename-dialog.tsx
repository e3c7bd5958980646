'use client';

import { useRef, useState } from 'react';
import { apiFetch, describeProblem } from '@/components/client-api';
import { fieldClass } from '@/components/ui/field';
import { MAX_SOURCE_TITLE_CHARS } from '@/lib/schemas/source-title-limit';
import { FormDialog } from '@/components/ui/form-dialog';
import { announceSourcesChanged } from './panel-requests';
import type { Source } from './types';

/**
 * Renames a file or web page source (PATCH): the title its citations and the sources table show,
 * which search also reads, so the source is chunked again in the background. An empty title
 * gives it back the one it would have had: its document's own, else its file name or address.
 */
export function RenameDialog({
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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    setError(null);
    try {
      const wanted = title.trim();
      const saved = await apiFetch<Source>(`/api/knowledge/sources/${source.id}`, {
        method: 'PATCH',
        json: { title: wanted || null },
      });
      announceSourcesChanged();
      onSaved(
        saved.title === source.title
          ? 'Nothing changed.'
          : `Renamed “${saved.title}”: search catches up in the background.`,
      );
      ref.current?.close();
    } catch (e) {
      setError(describeProblem(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      dialogRef={ref}
      onClose={onClose}
      onSubmit={() => void save()}
      heading="Rename source"
      error={error}
      busy={busy}
      submitTestId="rename-save"
      className="w-[min(94vw,32rem)] p-5"
      data-testid="rename-dialog"
    >
      <label htmlFor="rename-input" className="mt-3 block text-sm font-medium">
        Title
      </label>
      <input
        id="rename-input"
        maxLength={MAX_SOURCE_TITLE_CHARS}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        aria-describedby="rename-hint"
        className={`${fieldClass} mt-1`}
        data-testid="rename-input"
      />
      <p id="rename-hint" className="mt-1 text-xs text-muted">
        What citations show and search reads. Leave it empty for the document’s own title, else its{' '}
        {source.kind === 'url' ? 'address' : 'file name'}.
      </p>
    </FormDialog>
  );
}
