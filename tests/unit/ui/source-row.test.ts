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
  contentHash: null,
  filename: 'handbook.md',
  collectionId: '0193a0b0-0000-7000-8000-0000000000c1',
  collection: { id: '0193a0b0-0000-7000-8000-0000000000c1', name: 'General' },
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  ...over,
});

const row = (s: Source) =>
  renderToStaticMarkup(
    createElement(
      'table',
      null,
      createElement(
        'tbody',
        null,
        createElement(SourceRow, { source: s, onDelete: () => {}, ticked: false, onTick: () => {} }),
      ),
    ),
  );

describe('a source row', () => {
  it('says why a ready source could not be chunked again, as a warning, not a failure', () => {
    const reason = 'Chunking this source again failed; it keeps its earlier chunks. The document has no text.';
    const html = row(source({ error: reason }));
    expect(html).toMatch(
      new RegExp(`<span class="[^"]*text-warning[^"]*" data-testid="source-row-warning">${reason}</span>`),
    );
    expect(html.match(/The document has no text\./g)).toHaveLength(1);
    expect(row(source({}))).not.toContain('source-row-warning');
  });

  it('shows a failed source’s error as a failure', () => {
    const html = row(source({ status: 'failed', error: 'The PDF is encrypted.', progress: 0 }));
    expect(html).toMatch(/<span class="[^"]*text-danger[^"]*">The PDF is encrypted\.<\/span>/);
    expect(html).not.toContain('source-row-warning');
  });

  it('opens the text from the title once there is text to read: not before the first ingestion, nor after a failure', () => {
    const title = /<button type="button"[^>]*data-testid="source-row-title"[^>]*>Handbook<\/button>/;
    expect(row(source({}))).toMatch(title);
    // A replacement under way: the live chunks are still there to read.
    expect(row(source({ status: 'processing', generation: 2, progress: 0.5 }))).toMatch(title);
    for (const s of [
      source({ status: 'pending', generation: 0, progress: 0 }),
      source({ status: 'failed', error: 'The PDF is encrypted.' }),
    ]) {
      const html = row(s);
      expect(html).not.toMatch(title);
      expect(html).toMatch(/<span[^>]*data-testid="source-row-title">Handbook<\/span>/);
    }
  });

  it('links a web page to its address, opened apart from the admin page', () => {
    const uri = 'https://intranet.example/handbook?lang=en&v=2';
    const html = row(source({ kind: 'url', uri, filename: undefined }));
    expect(html).toContain(`<a href="${uri.replace('&', '&amp;')}" target="_blank" rel="noopener noreferrer"`);
    expect(row(source({}))).not.toContain('source-row-uri');
  });
});

describe('a web page’s refreshes in its row', () => {
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  const page = (over: Partial<Source>) =>
    source({ kind: 'url', uri: 'https://intranet.example/rota', filename: undefined, ...over });

  it('says when it was checked, changed and is next refreshed, and offers Refresh now and its log', () => {
    const html = row(
      page({
        refresh: 'hourly',
        checkedAt: minutesAgo(5),
        changedAt: minutesAgo(2 * 24 * 60),
        nextRefreshAt: minutesAgo(-55),
      }),
    );
    expect(html).toMatch(
      /data-testid="refresh-note">.*Checked 5 min ago.* · .*changed 2 days ago.* · .*next in 5[45] min/,
    );
    expect(html).toContain('data-testid="refresh-source"');
    expect(html).toContain('data-testid="source-refresh-log"');
    // A file has neither.
    const file = row(source({}));
    expect(file).not.toContain('refresh-note');
    expect(file).not.toContain('refresh-source');
  });

  it('names a crawl’s page as such, with no schedule of its own (its crawl has it)', () => {
    const html = row(page({ crawlId: '0193a0b0-0000-7000-8000-0000000000aa', checkedAt: minutesAgo(1) }));
    expect(html).toContain('data-testid="source-row-crawl"');
    expect(html).toContain('data-testid="refresh-source"');
    expect(html).not.toContain('source-refresh-log');
  });

  it('names a synced source’s connector and its id there', () => {
    const html = row(source({ kind: 'text', connector: 'wiki', externalId: 'pages/onboarding.md' }));
    expect(html).toContain('data-testid="source-row-connector"');
    expect(html).toContain('Synced from wiki · pages/onboarding.md');
    expect(row(source({}))).not.toContain('source-row-connector');
  });
});
