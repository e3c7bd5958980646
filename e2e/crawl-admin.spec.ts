import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN_KEY, expect, removeSources, test } from './support/fixtures';
import { seriousViolations } from './support/axe';

// An admin crawls a small intranet site from the knowledge manager, follows it to the end, sees
// its pages, schedules it daily, refreshes it by hand after a page changed, and reads in the
// refresh log that exactly that page changed. The site is served on 127.0.0.2, the one private
// address the test server may reach (playwright.config.ts).

const asAdmin = { authorization: `Bearer ${ADMIN_KEY}` };

const html = (title: string, body: string, links: string[]) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${body}</p>` +
  `${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</main></body></html>`;

async function startSite(stamp: number) {
  const pages: Record<string, string> = {
    '/wiki/': html(`Wiki home ${stamp}`, 'The office wiki: kettles, bins and bicycles.', ['kettle', 'bins']),
    '/wiki/kettle': html(`Kettle ${stamp}`, 'The kettle is descaled every Friday by the tea club.', ['/wiki/']),
    '/wiki/bins': html(`Bins ${stamp}`, 'Recycling goes out on Tuesday evenings.', []),
  };
  const server: Server = createServer((req, res) => {
    const page = pages[req.url ?? ''];
    if (!page) return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const origin = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
  return { origin, pages, close: () => new Promise((resolve) => server.close(resolve)) };
}

test('an admin crawls a site, schedules it, refreshes it after a change and reads the log', async ({
  adminPage: page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const site = await startSite(stamp);
  const start = `${site.origin}/wiki/`;
  try {
    // A refusal comes back in words, beside the form.
    await page.getByTestId('crawl-url').fill('http://127.0.0.1:3210/');
    await page.getByTestId('crawl-submit').click();
    await expect(page.getByTestId('crawl-error')).toContainText(/private|loopback|not allowed|refused|internal/i);

    await page.getByTestId('crawl-url').fill(start);
    await page.getByTestId('crawl-scope').selectOption('prefix');
    await page.getByTestId('crawl-max-pages').fill('20');
    await page.getByTestId('crawl-submit').click();
    await expect(page.getByTestId('crawl-error')).toHaveCount(0);
    await expect(page.getByTestId('crawl-url')).toHaveValue('');

    const crawl = page.getByTestId('crawl-item').filter({ hasText: start });
    await expect(crawl).toHaveCount(1);
    await expect(crawl).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    await expect(crawl.getByTestId('crawl-counts')).toContainText('3 found');
    await expect(crawl.getByTestId('crawl-counts')).toContainText('3 of 3 ingested', { timeout: 30_000 });
    const crawlId = (await crawl.getAttribute('data-crawl-id'))!;

    // Its pages, and only them, in the sources table: each says which crawl it comes from.
    await crawl.getByTestId('crawl-show-pages').click();
    await expect(page.getByTestId('crawl-filter')).toContainText(start);
    await expect(page).toHaveURL(new RegExp(`crawl=${crawlId}`));
    const rows = page.getByTestId('source-row');
    await expect(rows).toHaveCount(3);
    for (const title of [`Wiki home ${stamp}`, `Kettle ${stamp}`, `Bins ${stamp}`]) {
      const row = rows.filter({ hasText: title });
      await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
      await expect(row.getByTestId('source-row-crawl')).toContainText(start);
      await expect(row.getByTestId('refresh-checked')).toHaveText(/^Checked (just now|1 min ago)$/);
    }

    // Daily: the next refresh is a day away, and the exact time is in the title.
    await crawl.getByTestId('crawl-schedule').selectOption('daily');
    await expect(crawl.getByTestId('refresh-next')).toHaveText('next in 1 day');
    await expect(crawl.getByTestId('refresh-next')).toHaveAttribute('title', /^Next refresh \w{3} \d+, \d{4}/);
    await page.reload();
    await expect(crawl.getByTestId('crawl-schedule')).toHaveValue('daily');

    // The kettle page changes; Refresh now revisits the site.
    site.pages['/wiki/kettle'] = html(`Kettle ${stamp}`, 'The kettle is now descaled every Monday by facilities.', [
      '/wiki/',
    ]);
    await crawl.getByTestId('crawl-refresh-now').click();
    await expect
      .poll(
        async () => {
          const r = await page.request.get(`/api/knowledge/crawls/${crawlId}`, { headers: asAdmin });
          const body = (await r.json()) as { state: string; lastRefresh: { trigger: string; state: string } | null };
          return `${body.state} ${body.lastRefresh?.trigger} ${body.lastRefresh?.state}`;
        },
        { timeout: 60_000 },
      )
      .toBe('done manual done');
    await expect(crawl).toHaveAttribute('data-state', 'done');
    await expect(crawl.getByTestId('crawl-refresh-now')).toBeEnabled();

    // The log: that refresh, by hand, one page changed, and which.
    await crawl.getByTestId('crawl-log').click();
    const log = page.getByTestId('refresh-log-dialog');
    await expect(log).toBeVisible();
    const run = log.getByTestId('refresh-run').first();
    await expect(run).toContainText('by hand');
    await expect(run.getByTestId('refresh-run-counts')).toContainText('1 changed');
    await expect(run.getByTestId('refresh-run-counts')).toContainText('2 unchanged');
    await run.click();
    await expect(run).toHaveAttribute('aria-expanded', 'true');
    const changed = log.getByTestId('refresh-page');
    await expect(changed).toHaveCount(1);
    await expect(changed).toHaveAttribute('data-outcome', 'changed');
    await expect(changed).toContainText(`${site.origin}/wiki/kettle`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/crawl-admin/log-desktop.png' });
    await page.keyboard.press('Escape');
    await expect(log).toBeHidden();
    // Focus goes back to the button that opened it.
    await expect(crawl.getByTestId('crawl-log')).toBeFocused();

    // The changed page's row says so.
    const kettle = rows.filter({ hasText: `Kettle ${stamp}` });
    await expect(kettle.getByTestId('refresh-changed')).toHaveText(/^changed (just now|1 min ago)$/);

    // Nothing axe finds serious on the page, and on a phone nothing runs off the screen.
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/crawl-admin/desktop.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await crawl.scrollIntoViewIfNeeded();
    await expect(crawl.getByTestId('crawl-refresh-now')).toBeInViewport({ ratio: 1 });
    await expect(crawl.getByTestId('crawl-delete')).toBeInViewport({ ratio: 1 });
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/crawl-admin/phone.png', fullPage: true });
    await page.getByTestId('crawl-form').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/crawl-admin/phone-form.png' });

    // Delete, confirmed: the crawl and its pages go.
    await crawl.getByTestId('crawl-delete').click();
    const confirm = page.getByRole('dialog', { name: 'Delete this crawl?' });
    await expect(confirm).toContainText('3 pages');
    await confirm.getByTestId('confirm-accept').click();
    await expect(crawl).toHaveCount(0);
    await expect(page.getByTestId('sources-empty')).toBeVisible();
  } finally {
    await site.close();
    // (a run that failed half-way leaves no crawl behind for the next one against a reused server)
    const listed = await page.request.get('/api/knowledge/crawls?limit=100', { headers: asAdmin });
    const { data } = (await listed.json()) as { data: { id: string; url: string }[] };
    for (const c of data.filter((c) => c.url === start))
      await page.request.delete(`/api/knowledge/crawls/${c.id}`, { headers: asAdmin });
  }
});

test('a web page added with a daily refresh shows its times, refreshes now, and its log and schedule', async ({
  adminPage: page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const site = await startSite(stamp);
  const url = `${site.origin}/wiki/bins`;
  try {
    await page.getByTestId('url-input').fill(url);
    await page.getByTestId('url-refresh').selectOption('daily');
    await page.getByTestId('url-submit').click();
    const row = page.getByTestId('source-row').filter({ hasText: `Bins ${stamp}` });
    await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    await expect(row.getByTestId('refresh-checked')).toHaveText('Checked just now');
    await expect(row.getByTestId('refresh-next')).toHaveText('next in 1 day');
    await expect(row.getByTestId('source-refresh-log')).toContainText('Refreshes daily');

    // Refresh now, with the page as it was: one request, nothing changed.
    await row.getByTestId('refresh-source').click();
    await expect
      .poll(
        async () => {
          const r = await page.request.get(
            `/api/knowledge/sources/${await row.getAttribute('data-source-id')}/refreshes`,
            {
              headers: asAdmin,
            },
          );
          return ((await r.json()) as { data: { state: string }[] }).data.map((d) => d.state).join();
        },
        { timeout: 30_000 },
      )
      .toBe('done');
    await expect(row.getByTestId('refresh-next')).toHaveText('next in 1 day');

    await row.getByTestId('source-refresh-log').click();
    const log = page.getByTestId('refresh-log-dialog');
    const run = log.getByTestId('refresh-run');
    await expect(run).toHaveCount(1);
    await expect(run).toContainText('by hand');
    await expect(run.getByTestId('refresh-run-counts')).toHaveText('1 unchanged · 1 request');
    await run.click();
    await expect(log.getByTestId('refresh-pages-empty')).toHaveText('Every page was unchanged.');
    // Weekly from now on: the row says so once the dialog closes.
    await log.getByTestId('source-schedule-select').selectOption('weekly');
    await expect(log.getByTestId('refresh-next')).toHaveText('next in 7 days');
    await page.keyboard.press('Escape');
    await expect(row.getByTestId('source-refresh-log')).toContainText('Refreshes weekly');
    await expect(row.getByTestId('source-refresh-log')).toBeFocused();
  } finally {
    await site.close();
    await removeSources(page, new RegExp(`^Bins ${stamp}\\b`));
  }
});
