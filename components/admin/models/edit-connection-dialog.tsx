'use client';

import { useRef, useState } from 'react';
import { describeProblem } from '@/components/client-api';
import { FormDialog } from '@/components/ui/form-dialog';
import { EndpointFields, LabelledInput } from './connection-fields';
import {
  connectionPatch,
  FormProblem,
  formSummary,
  keyLabel,
  keyNeededAgain,
  sendConnection,
  type ConnectionDraft,
  type ConnectionView,
  type FieldErrors,
  type KeyMode,
} from './models-api';
import { announceModelsChanged } from './models-version';

/** Changes a connection: its stored key is never shown, only kept, replaced or removed. */
export function EditConnectionDialog({ connection: c, onClose }: { connection: ConnectionView; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState<ConnectionDraft>({
    name: c.name,
    baseUrl: c.baseUrl,
    wireApi: c.wireApi,
    keyMode: 'keep',
    apiKey: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const moved = keyNeededAgain(c, draft);

  async function save() {
    const patch = connectionPatch(c, draft);
    if (Object.keys(patch).length === 0) return ref.current?.close();
    setBusy(true);
    try {
      await sendConnection(`/api/models/connections/${c.id}`, 'PATCH', patch);
      announceModelsChanged();
      ref.current?.close();
    } catch (e) {
      setErrors(e instanceof FormProblem ? e.fields : {});
      setError(formSummary(e, describeProblem));
    } finally {
      setBusy(false);
    }
  }

  const modes: { mode: KeyMode; label: string }[] = c.hasApiKey
    ? [
        { mode: 'keep', label: `Keep the key (${keyLabel(c)})` },
        { mode: 'replace', label: 'Replace it' },
        { mode: 'remove', label: 'Remove it' },
      ]
    : [
        { mode: 'keep', label: 'No key' },
        { mode: 'replace', label: 'Add a key' },
      ];
  return (
    <FormDialog
      dialogRef={ref}
      onClose={onClose}
      onSubmit={() => void save()}
      heading={`Edit “${c.name}”`}
      error={error}
      busy={busy}
      canSubmit={draft.name.trim() !== '' && !(draft.keyMode === 'replace' && draft.apiKey.trim() === '')}
      submitTestId="connection-edit-save"
      className="w-[min(94vw,30rem)] p-5"
      data-testid="connection-edit-dialog"
    >
      <div className="mt-3 space-y-3">
        <EndpointFields values={draft} onChange={(v) => setDraft({ ...draft, ...v })} errors={errors} idPrefix="edit" />
        {moved ? (
          <p className="rounded bg-warning-soft px-2 py-1 text-xs text-warning" data-testid="edit-key-needed">
            Another host needs its key again: the stored key is only sent where it was given for.
          </p>
        ) : null}
        <fieldset>
          <legend className="text-sm font-medium">API key</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {modes.map(({ mode, label }) => (
              <label key={mode} className="flex items-center gap-1.5 text-sm">
                <input
                  type="radio"
                  name={`key-mode-${c.id}`}
                  checked={draft.keyMode === mode}
                  onChange={() => setDraft({ ...draft, keyMode: mode })}
                  data-testid={`edit-key-${mode}`}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {draft.keyMode === 'replace' ? (
          <LabelledInput
            label="New API key"
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            required
            value={draft.apiKey}
            onChange={(e) => setDraft({ ...draft, apiKey: e.target.value })}
            error={errors.apiKey}
            data-testid="edit-api-key"
          />
        ) : null}
      </div>
    </FormDialog>
  );
}
