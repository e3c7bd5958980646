import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { crawlProgress } from '@/components/admin/crawl-item';
import { describeCounts } from '@/components/admin/refresh-log-dialog';
import { formatAgo, formatRelative, refreshParts } from '@/components/admin/refresh-times';
import { CrawlForm, type CrawlRequestBody } from '@/components/admin/crawl-form';
import { readSourcesView, sourcesViewQuery } from '@/components/admin/sources-view';

const now = Date.parse('2026-12-07T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('refresh times', () => {
  it('reads moments relative to now, to the nearest minute, hour or day', () => {
    expect(formatRelative(ago(5 * MIN + 20_000), now)).toBe('5 min ago');
    expect(formatRelative(ago(-55 * MIN), now)).toBe('in 55 min');
    expect(formatRelative(ago(3 * HOUR + 10 * MIN), now)).toBe('3 h ago');
    // A daily refresh set a moment ago is due in a day, not in 23 h; 59.7 min is an hour.
    expect(formatRelative(ago(-(DAY - 20_000)), now)).toBe('in 1 day');
    expect(formatRelative(ago(59 * MIN + 45_000), now)).toBe('1 h ago');
    expect(formatRelative(ago(DAY), now)).toBe('1 day ago');
    expect(formatRelative(ago(2 * DAY + 5 * HOUR), now)).toBe('2 days ago');
    expect(formatRelative(ago(-6 * DAY), now)).toBe('in 6 days');
    expect(formatRelative(ago(20_000), now)).toBe('just now');
    expect(formatRelative(ago(-20_000), now)).toBe('in under a minute');
  });

  it('reads a moment that has passed as passed, even when the page’s clock lags the server’s', () => {
    expect(formatAgo(ago(-20_000), now)).toBe('just now');
    expect(formatAgo(ago(2 * DAY), now)).toBe('2 days ago');
    expect(refreshParts({ checkedAt: ago(-5_000), changedAt: ago(-5_000) }, now).map((p) => p.text)).toEqual([
      'Checked just now',
      'changed just now',
    ]);
  });

  it('says checked, changed and next, with each exact time for a title, and only what is known', () => {
    const parts = refreshParts(
      { checkedAt: ago(5 * MIN), changedAt: ago(2 * DAY), nextRefreshAt: ago(-55 * MIN) },
      now,
    );
    expect(parts.map((p) => p.text).join(' · ')).toBe('Checked 5 min ago · changed 2 days ago · next in 55 min');
    expect(parts[0]!.title).toMatch(/^Last checked Dec 7, 2026/);
    expect(parts[2]!.title).toMatch(/^Next refresh Dec 7, 2026/);
    expect(refreshParts({ checkedAt: null, changedAt: null, nextRefreshAt: null }, now)).toEqual([]);
    // Scheduled, never checked yet: the line starts with a capital; a refresh overdue is due now.
    expect(refreshParts({ nextRefreshAt: ago(-HOUR) }, now).map((p) => p.text)).toEqual(['Next in 1 h']);
    expect(refreshParts({ checkedAt: ago(HOUR), nextRefreshAt: ago(MIN) }, now).map((p) => p.text)).toEqual([
      'Checked 1 h ago',
      'next: due now',
    ]);
  });
});

describe('the crawls panel and refresh log', () => {
  it('counts a crawl’s progress from the URLs it found and has not dealt with yet', () => {
    expect(crawlProgress({ found: 0, queued: 0 })).toBe(0);
    expect(crawlProgress({ found: 8, queued: 6 })).toBe(0.25);
    expect(crawlProgress({ found: 8, queued: 0 })).toBe(1);
  });

  it('sums a refresh up by what it did, leaving out what did not happen', () => {
    const counts = { requests: 5, unchanged: 3, added: 1, changed: 1, removed: 0, failed: 0 };
    expect(describeCounts(counts)).toBe('1 added · 1 changed · 3 unchanged · 5 requests');
    expect(describeCounts({ ...counts, requests: 1, unchanged: 1, added: 0, changed: 0 })).toBe(
      '1 unchanged · 1 request',
    );
  });

  it('renders the crawl form with labelled fields and the four refresh choices', () => {
    const html = renderToStaticMarkup(createElement(CrawlForm, { onSubmit: async (_: CrawlRequestBody) => null }));
    for (const id of ['crawl-url', 'crawl-scope', 'crawl-max-pages', 'crawl-refresh', 'crawl-include', 'crawl-exclude'])
      expect(html).toContain(`for="${id}"`);
    expect(
      html.match(/<option value="(|hourly|daily|weekly)"( selected="")?>(Never|Hourly|Daily|Weekly)<\/option>/g),
    ).toHaveLength(4);
  });
});

describe('the sources table’s address', () => {
  it('keeps the crawl whose pages are shown, and drops one that is not an id', () => {
    const id = '0193a0b0-0000-7000-8000-0000000000aa';
    const view = readSourcesView({ crawl: id });
    expect(view.crawl).toBe(id);
    expect(sourcesViewQuery(view)).toBe(`crawl=${id}`);
    expect(readSourcesView({ crawl: 'x; drop' }).crawl).toBe('');
  });
});
