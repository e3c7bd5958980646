'use client';

import { useEffect, useId, useState } from 'react';
import { apiFetch } from '@/components/client-api';
// Types only: the list's shape is the API's schema.
import type { AllowedModelView } from '@/lib/schemas/models';
import { chooseModel, storedModel } from './model-choice';

/**
 * Which model writes the next replies, beside the composer: the models an admin allowed
 * (GET /api/models/allowed), shown once there are two to choose between. The pick is kept in
 * this browser; one no longer allowed is forgotten, and the default answers.
 */
export function ModelPicker({ disabled = false }: { disabled?: boolean }) {
  const [models, setModels] = useState<AllowedModelView[] | null>(null);
  const [value, setValue] = useState('');
  const id = useId();

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<{ data: AllowedModelView[] }>('/api/models/allowed', { signal: controller.signal })
      .then(({ data }) => {
        const stored = storedModel();
        const picked = data.length > 1 ? data.find((m) => m.id === stored) : undefined;
        chooseModel(picked?.id);
        setValue(picked?.id ?? data.find((m) => m.default)?.id ?? '');
        setModels(data);
      })
      .catch(() => setModels(null)); // no list, no picker: messages name no model and the default answers
    return () => controller.abort();
  }, []);

  if (!models || models.length < 2) return null;
  return (
    <div className="inline-flex items-center">
      <label htmlFor={id} className="sr-only">
        Model
      </label>
      <select
        id={id}
        data-testid="model-picker"
        value={value}
        disabled={disabled}
        onChange={(e) => {
          setValue(e.target.value);
          chooseModel(e.target.value, true);
        }}
        className="h-7 max-w-[16rem] truncate rounded-md border border-border bg-bg px-1.5 text-xs text-muted hover:bg-surface-2 hover:text-fg disabled:opacity-50"
      >
        {models.map((m) => (
          <option key={m.id} value={m.id}>
            {m.default ? `${m.name} (default)` : m.name}
          </option>
        ))}
      </select>
    </div>
  );
}
