import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UsageReportView } from '@/components/admin/usage-panel';
import type { UsageReport } from '@/lib/schemas/usage';

const counts = {
  conversations: 1,
  questions: 2,
  replies: 2,
  uncited: 0,
  failed: 0,
  stopped: 0,
  ratedUp: 0,
  ratedDown: 0,
  inputTokens: 0,
  outputTokens: 0,
};
const shipping = { sourceId: '0193a0b0-0000-7000-8000-000000000001', title: 'Shipping', replies: 2, citations: 2 };

/** Two replies of today, both citing something; `sources` says which of the cited sources still exist. */
const report = (sources: Pick<UsageReport['sources'], 'top' | 'cited' | 'deleted'>): UsageReport => ({
  from: '2026-11-25',
  to: '2026-11-25',
  timeZone: 'UTC',
  totals: counts,
  days: [{ date: '2026-11-25', ...counts }],
  sources: { ...sources, ready: 3, neverCited: 3 - sources.cited },
});

const text = (r: UsageReport) =>
  renderToStaticMarkup(createElement(UsageReportView, { report: r })).replace(/<[^>]+>/g, ' ');

describe('the usage report', () => {
  it('never says no reply cites a source when the cited sources were deleted since', () => {
    const gone = text(report({ top: [], cited: 0, deleted: 2 }));
    expect(gone).toContain('100%');
    expect(gone).not.toContain('No reply of this period cites a source');
    expect(gone).toContain('The 2 sources this period’s replies cite have since been deleted.');
    expect(text(report({ top: [], cited: 0, deleted: 1 }))).toContain(
      'The source this period’s replies cite has since been deleted.',
    );
  });

  it('lists the cited sources that remain and counts the deleted ones apart', () => {
    const some = text(report({ top: [shipping], cited: 1, deleted: 1 }));
    expect(some).toContain('Shipping');
    expect(some).toContain('1 more cited source has since been deleted.');
    const none = text(report({ top: [shipping], cited: 1, deleted: 0 }));
    expect(none).not.toContain('deleted');
  });

  it('says no reply cites a source when none does', () => {
    const nothing = text({ ...report({ top: [], cited: 0, deleted: 0 }), totals: { ...counts, uncited: 2 } });
    expect(nothing).toContain('No reply of this period cites a source yet.');
    expect(nothing).not.toContain('deleted');
  });
});
