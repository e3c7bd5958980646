'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { apiFetch } from '@/components/client-api';
import { BookIcon, CheckIcon } from '@/components/ui/icons';
// Types only: the list's shape is the API's schema, so the picker reads what the server sends.
import type { CollectionJson } from '@/lib/schemas/collections';

/** A collection as GET /api/collections lists it (only those the caller may read). */
type CollectionItem = Pick<CollectionJson, 'id' | 'name' | 'description'>;

/**
 * Which collections the conversation answers from, beside the composer: "All collections" (the
 * default, empty) or the ones ticked. Lists only what the person may read; shown once there are
 * at least two to choose between.
 */
export function CollectionPicker({
  selected,
  onChange,
  disabled = false,
}: {
  selected: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
}) {
  const [collections, setCollections] = useState<CollectionItem[] | null>(null);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<{ data: CollectionItem[] }>('/api/collections', { signal: controller.signal })
      .then((r) => setCollections(r.data))
      .catch(() => setCollections(null)); // no list, no picker: the conversation reads everything it may
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => box.current?.contains(e.target as Node) || setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  if (!collections || collections.length < 2) return null;
  const chosen = collections.filter((c) => selected.includes(c.id));
  const label =
    chosen.length === 0 ? 'All collections' : chosen.length === 1 ? chosen[0]!.name : `${chosen.length} collections`;
  const toggle = (id: string) => onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);

  return (
    <div
      ref={box}
      className="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation(); // closes the list only: the page's Esc would stop a reply
          setOpen(false);
        }
      }}
    >
      <button
        type="button"
        data-testid="collection-picker"
        aria-expanded={open}
        aria-controls={panelId}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex h-7 max-w-[16rem] items-center gap-1.5 rounded-md border border-border px-2 text-xs text-muted hover:bg-surface-2 hover:text-fg disabled:opacity-50"
      >
        <BookIcon width={14} height={14} className="shrink-0" />
        <span className="sr-only">Answer from: </span>
        <span className="truncate">{label}</span>
      </button>
      {open ? (
        <fieldset
          id={panelId}
          data-testid="collection-picker-list"
          className="absolute bottom-full left-0 z-40 mb-1 max-h-72 w-72 overflow-y-auto rounded-lg border border-border bg-bg p-1 shadow-lg"
        >
          <legend className="sr-only">Collections this conversation answers from</legend>
          <button
            type="button"
            onClick={() => onChange([])}
            className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-surface-2"
          >
            <span className="inline-flex w-4 justify-center">
              {chosen.length === 0 ? <CheckIcon width={14} height={14} /> : null}
            </span>
            All collections
          </button>
          {collections.map((c) => (
            <label
              key={c.id}
              className="flex cursor-pointer items-start gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-surface-2"
            >
              <input
                type="checkbox"
                className="mt-1 accent-accent"
                checked={selected.includes(c.id)}
                onChange={() => toggle(c.id)}
                data-testid="collection-option"
              />
              <span className="min-w-0">
                <span dir="auto" className="block truncate font-medium">
                  {c.name}
                </span>
                {c.description ? (
                  <span dir="auto" className="block truncate text-xs text-muted">
                    {c.description}
                  </span>
                ) : null}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
