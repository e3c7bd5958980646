import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SourceRow } from '@/components/admin/source-row';
import type { Source } from '@/components/admin/types';

const source = (over: Partial<Source>): Source => ({
  id: '0193a0b0-0000-7000-8000-000000000001',
  title: 'Handbook',
  kind: 'file',
  mediaType: 'text/markdown',
  size: 1200,
  status: 'ready',
  progress: 1,
  error: null,
  chunkCount: 4,
  generation: 1,
  metadata: {},
  filename: 'handbook.md',
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  ...over,
});

const row = (s: Source) => renderToStaticMarkup(createElement('table', null, createElement('tbody', null, createElement(SourceRow, { source: s, onDelete: () => {} }))));

describe('a source row', () => {
  it('says why a ready source could not be chunked again, as a warning, not a failure', () => {
    const reason = 'Chunking this source again failed; it keeps its earlier chunks. The document has no text.';
    const html = row(source({ error: reason }));
    expect(html).toMatch(new RegExp(`<span class="[^"]*text-warning[^"]*" data-testid="source-row-warning">${reason}</span>`));
    expect(html.match(/The document has no text\./g)).toHaveLength(1);
    expect(row(source({}))).not.toContain('source-row-warning');
  });

  it('shows a failed source’s error as a failure', () => {
    const html = row(source({ status: 'failed', error: 'The PDF is encrypted.', progress: 0 }));
    expect(html).toMatch(/<span class="[^"]*text-danger[^"]*">The PDF is encrypted\.<\/span>/);
    expect(html).not.toContain('source-row-warning');
  });
});
