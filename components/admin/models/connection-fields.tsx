'use client';

import { useId, type ComponentProps } from 'react';
import { fieldClass } from '@/components/ui/field';
import type { ConnectionView, FieldErrors } from './models-api';

/** One labelled input, its API error under it (and tied to it for screen readers). */
export function LabelledInput({
  label,
  error,
  hint,
  ...input
}: { label: string; error?: string; hint?: string } & ComponentProps<'input'>) {
  const id = useId();
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={`${fieldClass} mt-1 h-10 ${error ? 'border-danger' : ''}`}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-danger" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface EndpointValues {
  name: string;
  baseUrl: string;
  wireApi: ConnectionView['wireApi'];
}

/** Name, base URL and wire API: what the add form and the edit dialog both ask. */
export function EndpointFields({
  values,
  onChange,
  errors,
  idPrefix,
}: {
  values: EndpointValues;
  onChange: (values: EndpointValues) => void;
  errors: FieldErrors;
  idPrefix: string;
}) {
  const wireId = useId();
  return (
    <>
      <LabelledInput
        label="Name"
        required
        maxLength={100}
        value={values.name}
        onChange={(e) => onChange({ ...values, name: e.target.value })}
        placeholder="Ollama on the LAN"
        error={errors.name}
        data-testid={`${idPrefix}-name`}
      />
      <LabelledInput
        label="Base URL"
        required
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        value={values.baseUrl}
        onChange={(e) => onChange({ ...values, baseUrl: e.target.value })}
        placeholder="http://127.0.0.1:11434/v1"
        error={errors.baseUrl}
        data-testid={`${idPrefix}-base-url`}
      />
      <div className="min-w-0">
        <label htmlFor={wireId} className="block text-sm font-medium">
          Wire API
        </label>
        <select
          id={wireId}
          value={values.wireApi}
          onChange={(e) => onChange({ ...values, wireApi: e.target.value === 'responses' ? 'responses' : 'chat' })}
          aria-invalid={errors.wireApi ? true : undefined}
          className="mt-1 block h-10 w-full rounded-lg border border-border bg-bg px-2 text-sm"
          data-testid={`${idPrefix}-wire-api`}
        >
          <option value="chat">Chat completions</option>
          <option value="responses">Responses</option>
        </select>
        {errors.wireApi ? <p className="mt-1 text-xs text-danger">{errors.wireApi}</p> : null}
      </div>
    </>
  );
}
