import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EmbeddingModelPanel } from '@/components/admin/models/embedding-model-panel';
import type { EmbeddingModelView } from '@/lib/schemas/models';

const CONN = '0193a0b0-0000-7000-8000-000000000001';
const base: EmbeddingModelView = {
  model: `${CONN}:embed-1`,
  active: 'local-hash-v2',
  readOnly: false,
  choices: [
    { id: 'local', name: 'local (built in, offline)' },
    { id: `${CONN}:embed-1`, name: 'Stand-in / embed-1' },
  ],
  unavailable: [],
  reindex: { state: 'running', done: 256, total: 1300, error: null },
};
const html = (view: EmbeddingModelView) => renderToStaticMarkup(createElement(EmbeddingModelPanel, { initial: view }));
const text = (view: EmbeddingModelView) =>
  html(view)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the embedding model panel', () => {
  it('shows the re-index as chunks re-embedded, with a progress bar a screen reader can read, and the model search still uses', () => {
    expect(text(base)).toContain('Re-embedding: 256 / 1,300 chunks');
    expect(html(base)).toMatch(/role="progressbar"[^>]*aria-valuemax="1300"[^>]*aria-valuenow="256"/);
    expect(text(base)).toContain('Search uses local (built in, offline)');
  });

  it('names a connection’s model by its choice once search uses it, and shows no bar when idle', () => {
    const idle = {
      ...base,
      active: `conn:${CONN}:embed-1`,
      reindex: { state: 'idle', done: 1300, total: 1300, error: null },
    } as const;
    expect(text(idle)).toContain('Search uses Stand-in / embed-1');
    expect(html(idle)).not.toContain('progressbar');
  });

  it('says why the re-index is stuck, as an alert', () => {
    const failing = { ...base, reindex: { ...base.reindex, error: 'The embedding model conn:x failed: status 503.' } };
    expect(html(failing)).toMatch(/role="alert"[^>]*>The embedding model conn:x failed: status 503\./);
  });

  it('explains why the choice is read-only when EMBEDDING_MODEL is set', () => {
    const env = { ...base, model: 'openai:text-embedding-3-small', readOnly: true };
    expect(text(env)).toContain('EMBEDDING_MODEL is set in the environment (openai:text-embedding-3-small)');
    expect(html(env)).toMatch(/<select[^>]*disabled/);
  });
});
