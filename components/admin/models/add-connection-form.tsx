'use client';

import { useState } from 'react';
import { describeProblem } from '@/components/client-api';
import { Button } from '@/components/ui/button';
import { EndpointFields, LabelledInput, type EndpointValues } from './connection-fields';
import { FormProblem, formSummary, sendConnection, type FieldErrors } from './models-api';
import { announceModelsChanged } from './models-version';

const empty: EndpointValues = { name: '', baseUrl: '', wireApi: 'chat' };

/** Adds a connection to an OpenAI-compatible server; the key goes to the API once and is never shown again. */
export function AddConnectionForm() {
  const [values, setValues] = useState(empty);
  const [apiKey, setApiKey] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function add(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const key = apiKey.trim();
      await sendConnection('/api/models/connections', 'POST', {
        name: values.name.trim(),
        baseUrl: values.baseUrl.trim(),
        wireApi: values.wireApi,
        ...(key ? { apiKey: key } : {}),
      });
      setValues(empty);
      setApiKey('');
      setErrors({});
      setError(null);
      announceModelsChanged();
    } catch (err) {
      setErrors(err instanceof FormProblem ? err.fields : {});
      setError(formSummary(err, describeProblem));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={add} aria-labelledby="add-connection-heading" className="mt-3" data-testid="connection-add-form">
      <h3 id="add-connection-heading" className="text-sm font-semibold">
        Add a connection
      </h3>
      <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <EndpointFields values={values} onChange={setValues} errors={errors} idPrefix="connection" />
        <LabelledInput
          label="API key (optional)"
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          hint="Stored encrypted; never shown again."
          error={errors.apiKey}
          data-testid="connection-api-key"
        />
      </div>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger" data-testid="connection-add-error">
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="primary" className="mt-3" disabled={busy} data-testid="connection-add">
        {busy ? 'Adding…' : 'Add connection'}
      </Button>
    </form>
  );
}
