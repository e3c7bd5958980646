import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN_KEY, expect, removeSources, signInThroughForm, test } from './support/fixtures';

// The knowledge manager, feature by feature, as an admin uses it.

test('sign-in refuses a wrong key and a user key, then signs in and out', async ({ visitor }) => {
  const { page } = visitor;
  await page.goto('/admin');
  await page.getByTestId('admin-key-input').fill('gwk_not-a-real-key');
  await page.getByTestId('admin-sign-in').click();
  await expect(page.getByTestId('sign-in-error')).toHaveText('That key is invalid or has been revoked.');

  const created = await page.request.post('/api/keys', {
    headers: { authorization: `Bearer ${ADMIN_KEY}` },
    data: { name: 'e2e user', role: 'user' },
  });
  const { key } = (await created.json()) as { key: string };
  await page.getByTestId('admin-key-input').fill(key);
  await page.getByTestId('admin-sign-in').click();
  await expect(page.getByTestId('sign-in-error')).toHaveText('That key is not an admin key.');

  await signInThroughForm(page);
  await page.getByTestId('admin-sign-out').click();
  await expect(page.getByTestId('admin-key-input')).toBeVisible();
  // Back to an ordinary visitor: admin endpoints are forbidden again.
  expect((await page.request.get('/api/keys')).status()).toBe(403);
});

test('pasted text, a dropped file and a refused URL each report in words', async ({ adminPage: page }) => {
  const stamp = Date.now();
  // Paste text with a title.
  await page.getByTestId('paste-title').fill(`Kettle notes ${stamp}`);
  await page.getByTestId('paste-text').fill(`The office kettle is descaled every Friday. Run ${stamp}.`);
  await page.getByTestId('paste-submit').click();
  const pasted = page.getByTestId('upload-item').filter({ hasText: `Kettle notes ${stamp}` });
  await expect(pasted).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
  await expect(pasted).toContainText(/Ready: 1 chunk/);

  // Drag and drop a file onto the drop zone.
  await page.evaluate(async (text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'dropped-notes.txt', { type: 'text/plain' }));
    const zone = document.querySelector('[data-testid="dropzone"]')!;
    zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, `Dropped notes: the plant on the landing needs water on Mondays. Run ${stamp}.`);
  const dropped = page.getByTestId('upload-item').filter({ hasText: 'dropped-notes.txt' });
  await expect(dropped).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });

  // A URL pointing into the server's own network is refused, and the reason is shown.
  await page.getByTestId('url-input').fill('http://127.0.0.1:3210/api/health');
  await page.getByTestId('url-submit').click();
  const refusal = page.getByRole('alert').filter({ hasText: /private|loopback|not allowed|refused|internal/i });
  const queued = page.getByTestId('upload-item').filter({ hasText: '127.0.0.1' });
  // Depending on the check, the refusal comes at once (400) or as a failed ingestion with its error.
  await expect(refusal.or(queued.getByTestId('upload-error'))).toBeVisible({ timeout: 30_000 });

  // Offline, the text is kept and the page says the server could not be reached, not the browser's "Failed to fetch".
  await page.context().setOffline(true);
  await page.getByTestId('paste-title').fill(`Offline notes ${stamp}`);
  await page.getByTestId('paste-text').fill('Written on the train.');
  await page.getByTestId('paste-submit').click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Could not reach the server. Check your connection.' }),
  ).toBeVisible();
  await expect(page.getByTestId('paste-text')).toHaveValue('Written on the train.');
  await page.context().setOffline(false);

  // Finished uploads are cleared from the list; their sources stay.
  await page.getByTestId('clear-uploads').click();
  await expect(page.getByTestId('upload-item')).toHaveCount(0);
  await expect(page.getByTestId('source-row').filter({ hasText: `Kettle notes ${stamp}` })).toHaveCount(1);
});

test('a web page that was down is retried, and fetched again when it changes', async ({ adminPage: page }) => {
  const stamp = Date.now();
  let body = `<html><head><title>Garden rota ${stamp}</title></head><body><main><p>The hedges are trimmed by the marmalade team in June.</p></main></body></html>`;
  let up = false;
  // An intranet page on the one private address the test server allows (playwright.config.ts).
  const site = createServer((_, res) =>
    up
      ? res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body)
      : res.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance'),
  );
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.2', resolve));
  const url = `http://127.0.0.2:${(site.address() as AddressInfo).port}/rota`;
  const search = async (q: string) => {
    const r = await page.request.get(`/api/knowledge/search?q=${encodeURIComponent(q)}`, {
      headers: { authorization: `Bearer ${ADMIN_KEY}` },
    });
    return ((await r.json()) as { data: { text: string }[] }).data.map((h) => h.text).join('\n');
  };
  try {
    await page.getByTestId('url-input').fill(url);
    await page.getByTestId('url-submit').click();
    await expect(page.getByTestId('upload-item').filter({ hasText: url })).toHaveAttribute('data-phase', 'failed', {
      timeout: 30_000,
    });
    const failed = page.getByTestId('source-row').filter({ hasText: url });
    await expect(failed).toHaveAttribute('data-status', 'failed');
    await expect(failed).toContainText('503');
    await expect(failed.getByTestId('refresh-source')).toHaveCount(0);
    // On a phone, a row's actions stay on the screen: the table does not scroll sideways.
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    const fits = () =>
      page.getByTestId('sources-table').evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth);
    await expect.poll(fits).toBe(true);
    await failed.getByTestId('delete-source').scrollIntoViewIfNeeded();
    await expect(failed.getByTestId('delete-source')).toBeInViewport({ ratio: 1 });
    await page.setViewportSize(viewport);

    // The page is back: Retry fetches it, and the row takes the page's title.
    up = true;
    await failed.getByTestId('retry-source').click();
    const row = page.getByTestId('source-row').filter({ hasText: `Garden rota ${stamp}` });
    await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    await expect(row.getByTestId('retry-source')).toHaveCount(0);
    await expect(row.getByTestId('source-row-uri')).toHaveAttribute('href', url);
    expect(await search('hedges trimmed')).toContain('marmalade team');

    body = body.replace('by the marmalade team in June', 'by the quince team in September');
    await row.getByTestId('refresh-source').click();
    await expect.poll(() => search('hedges trimmed'), { timeout: 30_000 }).toContain('quince team');
    expect(await search('hedges trimmed')).not.toContain('marmalade team');
    await expect(row).toHaveAttribute('data-status', 'ready');
  } finally {
    site.close();
    await removeSources(page, new RegExp(`^Garden rota ${stamp}\\b`));
  }
});

test('after an outage, Retry failed queues every failed source again', async ({ adminPage: page }) => {
  const stamp = Date.now();
  let up = false;
  const site = createServer((req, res) =>
    up
      ? res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            `<html><head><title>Outage ${req.url} ${stamp}</title></head><body><main><p>Back again.</p></main></body></html>`,
          )
      : res.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway'),
  );
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.2', resolve));
  const base = `http://127.0.0.2:${(site.address() as AddressInfo).port}`;
  try {
    const res = await page.request.post('/api/knowledge/sources', {
      headers: { authorization: `Bearer ${ADMIN_KEY}` },
      data: { sources: [{ url: `${base}/one` }, { url: `${base}/two` }] },
    });
    expect(res.status()).toBe(202);
    await page.reload();
    const rows = page.getByTestId('source-row').filter({ hasText: base });
    await expect(rows.and(page.locator('[data-status="failed"]'))).toHaveCount(2, { timeout: 30_000 });

    up = true;
    await page.getByTestId('retry-failed').click();
    await expect(page.getByTestId('sources-notice')).toHaveText(/^\d+ failed sources are queued again\.$/);
    for (const name of ['/one', '/two']) {
      await expect(page.getByTestId('source-row').filter({ hasText: `Outage ${name} ${stamp}` })).toHaveAttribute(
        'data-status',
        'ready',
        { timeout: 30_000 },
      );
    }
  } finally {
    site.close();
    await removeSources(page, new RegExp(`^(Outage /(one|two) ${stamp}|${base.replaceAll('.', '\\.')})`));
  }
});

test('a file is renamed in place: the table, search and citations show the new title; an empty one gives back its own', async ({
  adminPage: page,
}) => {
  const stamp = Date.now();
  const admin = { authorization: `Bearer ${ADMIN_KEY}` };
  const bytes = Buffer.from(`# Tide table ${stamp}\n\nHigh water at six in the harbour. Run ${stamp}.`);
  expect(
    (
      await page.request.post('/api/knowledge/sources', {
        headers: admin,
        multipart: { file: { name: `tides-${stamp}.md`, mimeType: 'text/markdown', buffer: bytes } },
      })
    ).status(),
  ).toBe(202);
  await page.reload();
  const row = page.getByTestId('source-row').filter({ hasText: `tides-${stamp}.md` });
  await expect(row.getByTestId('source-row-title')).toHaveText(`Tide table ${stamp}`, { timeout: 30_000 });
  await expect(row).toHaveAttribute('data-status', 'ready');

  await row.getByTestId('rename-source').click();
  const dialog = page.getByTestId('rename-dialog');
  await expect(dialog.getByTestId('rename-input')).toHaveValue(`Tide table ${stamp}`);
  await dialog.getByTestId('rename-input').fill(`Harbour tides ${stamp}`);
  await dialog.getByTestId('rename-save').click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('source-row-title')).toHaveText(`Harbour tides ${stamp}`);
  await expect(row.getByTestId('source-row-notice')).toHaveText(
    `Renamed “Harbour tides ${stamp}”: search catches up in the background.`,
  );
  await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  const hit = async () => {
    const r = await page.request.get(`/api/knowledge/search?q=${encodeURIComponent(`high water ${stamp}`)}`, {
      headers: admin,
    });
    return ((await r.json()) as { data: { title: string }[] }).data[0]?.title;
  };
  expect(await hit()).toBe(`Harbour tides ${stamp}`);

  // Emptied, the title is the document's own again, once it is read again.
  await row.getByTestId('rename-source').click();
  await dialog.getByTestId('rename-input').fill('');
  await dialog.getByTestId('rename-save').click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('source-row-title')).toHaveText(`Tide table ${stamp}`, { timeout: 30_000 });
  await expect.poll(hit, { timeout: 30_000 }).toBe(`Tide table ${stamp}`);
  await removeSources(page, new RegExp(`^Tide table ${stamp}`));
});

test('the sources table sorts, filters by status, searches, pages, replaces content and deletes with confirmation', async ({
  adminPage: page,
}) => {
  test.setTimeout(120_000);
  await removeSources(page, /^Pager /);
  const stamp = Date.now();
  const res = await page.request.post('/api/knowledge/sources', {
    headers: { authorization: `Bearer ${ADMIN_KEY}` },
    data: {
      sources: Array.from({ length: 22 }, (_, i) => ({
        title: `Pager ${String(i).padStart(2, '0')}`,
        text: `Pager document ${i} about lighthouse ${i}. Run ${stamp}.`,
      })),
    },
  });
  expect(res.status()).toBe(202);
  await page.reload();
  const rows = page.getByTestId('source-row');
  await expect(rows).toHaveCount(20);
  await expect(rows.and(page.locator('[data-status="pending"], [data-status="processing"]'))).toHaveCount(0, {
    timeout: 60_000,
  });

  // Pagination: 20 per page, then the rest.
  await page.getByTestId('page-next').click();
  await expect(page.getByText('Page 2')).toBeVisible();
  await expect(rows.first()).toBeVisible();
  await page.getByTestId('page-previous').click();
  await expect(rows).toHaveCount(20);

  // Sort by title, both ways: the server orders every source, not just the page shown
  // (Pager 00 and 01, the oldest, are not on the newest-first first page).
  await page.getByTestId('source-search').fill('pager');
  await page.getByTestId('sort-title').click();
  const titles = () => rows.getByTestId('source-row-title');
  const pagers = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, i) => `Pager ${String(from + i).padStart(2, '0')}`);
  await expect(titles()).toHaveText(pagers(0, 20));
  await page.getByTestId('page-next').click();
  await expect(titles()).toHaveText(pagers(20, 22));
  await page.getByTestId('sort-title').click();
  await expect(page.getByText('Page 1')).toBeVisible();
  await expect(titles()).toHaveText(pagers(2, 22).reverse());
  // The order, the search and the filter live in the address: a reload (or a shared link) keeps them.
  await page.getByTestId('status-filter').selectOption('ready');
  await expect(page).toHaveURL(/\/admin\?status=ready&sort=-title&q=pager$/);
  await page.reload();
  await expect(page.getByTestId('source-search')).toHaveValue('pager');
  await expect(page.getByTestId('status-filter')).toHaveValue('ready');
  await expect(titles()).toHaveText(pagers(2, 22).reverse());
  await page.getByTestId('status-filter').selectOption('');
  await page.getByTestId('source-search').fill('');
  await page.getByTestId('sort-createdAt').click();
  await page.getByTestId('sort-createdAt').click();
  await expect(page.getByTestId('sort-createdAt').locator('..')).toHaveAttribute('aria-sort', 'descending');

  // Filter by status.
  await page.getByTestId('status-filter').selectOption('failed');
  await expect(rows.and(page.locator(':not([data-status="failed"])'))).toHaveCount(0);
  await page.getByTestId('status-filter').selectOption('ready');
  await expect(rows.first()).toHaveAttribute('data-status', 'ready');
  await expect(rows.and(page.locator(':not([data-status="ready"])'))).toHaveCount(0);
  await page.getByTestId('status-filter').selectOption('');

  // Search titles: a search from page 2 starts again on page 1.
  await page.getByTestId('page-next').click();
  await expect(page.getByText('Page 2')).toBeVisible();
  await page.getByTestId('source-search').fill('pager 07');
  await expect(page.getByText('Page 1')).toBeVisible();
  await expect(rows.getByTestId('source-row-title')).toHaveText(['Pager 07']);
  await page.getByTestId('source-search').fill(`no such pager ${stamp}`);
  await expect(page.getByTestId('sources-empty')).toHaveText(`No source matches “no such pager ${stamp}”.`);
  await page.getByTestId('source-search').fill('');
  await expect(rows).toHaveCount(20);

  // Replace a source's content with a new file: it is ingested again and search finds the new text.
  // (The newest document is on the first page.)
  const row = rows.filter({ hasText: 'Pager 21' });
  const v2 = {
    name: 'pager-21-v2.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from(`# Pager twenty-one\n\nThe replacement mentions a zeppelin hangar. Run ${stamp}.`),
  };
  await row.locator('input[type=file]').setInputFiles(v2);
  await expect
    .poll(
      async () => {
        const r = await page.request.get(`/api/knowledge/search?q=zeppelin%20hangar`, {
          headers: { authorization: `Bearer ${ADMIN_KEY}` },
        });
        return ((await r.json()) as { data: { title: string }[] }).data.map((h) => h.title);
      },
      { timeout: 30_000 },
    )
    .toContain('Pager 21');
  // The same file again changes nothing, and the row says so.
  await expect(row).toHaveAttribute('data-status', 'ready');
  await row.locator('input[type=file]').setInputFiles(v2);
  await expect(row.getByTestId('source-row-notice')).toHaveText(
    'pager-21-v2.md is the content already stored: nothing to ingest.',
  );
  await expect(row).toHaveAttribute('data-status', 'ready');

  // Delete with confirmation: cancel keeps it, confirm removes it.
  await row.getByTestId('delete-source').click();
  const dialog = page.getByRole('dialog', { name: 'Delete this source?' });
  await expect(dialog).toContainText('Pager 21');
  await dialog.getByTestId('confirm-cancel').click();
  await expect(row).toHaveCount(1);
  await row.getByTestId('delete-source').click();
  await dialog.getByTestId('confirm-accept').click();
  await expect(rows.filter({ hasText: 'Pager 21' })).toHaveCount(0);
  await removeSources(page, /^Pager /);
});

test('several sources are deleted at once: ticked, confirmed, gone, and the others stay', async ({
  adminPage: page,
}) => {
  const stamp = Date.now();
  const trees = ['Alder', 'Birch', 'Cedar'].map((t) => ({
    title: `Tree ${t} ${stamp}`,
    text: `The ${t.toLowerCase()} tree grows by the river. Run ${stamp}.`,
  }));
  expect(
    (
      await page.request.post('/api/knowledge/sources', {
        headers: { authorization: `Bearer ${ADMIN_KEY}` },
        data: { sources: trees },
      })
    ).status(),
  ).toBe(202);
  await page.getByTestId('source-search').fill(String(stamp));
  const rows = page.getByTestId('source-row');
  await expect(rows).toHaveCount(3);
  await rows
    .filter({ hasText: `Tree Alder ${stamp}` })
    .getByTestId('tick-source')
    .check();
  await rows
    .filter({ hasText: `Tree Cedar ${stamp}` })
    .getByTestId('tick-source')
    .check();
  const bar = page.getByTestId('ticked-bar');
  await expect(bar).toContainText('2 sources selected');
  await bar.getByTestId('delete-ticked').click();
  const confirm = page.getByRole('dialog', { name: 'Delete 2 sources?' });
  await confirm.getByTestId('confirm-accept').click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`Tree Birch ${stamp}`);
  await expect(page.getByTestId('sources-notice')).toHaveText('2 sources deleted.');
  await expect(bar).toBeHidden();
  // The header's box ticks every row of the page, and unticks them.
  await page.getByTestId('tick-all').check();
  await expect(bar).toContainText('1 source selected');
  await page.getByTestId('tick-all').uncheck();
  await expect(bar).toBeHidden();
  await removeSources(page, new RegExp(`^Tree Birch ${stamp}`));
});

test('pasted text is edited in place: its title and text, read back as stored', async ({ adminPage: page }) => {
  const stamp = Date.now();
  await page.getByTestId('paste-title').fill(`Canteen ${stamp}`);
  await page.getByTestId('paste-text').fill(`# Canteen\n\nLunch is served from noon until two. Run ${stamp}.`);
  await page.getByTestId('paste-submit').click();
  const row = page.getByTestId('source-row').filter({ hasText: `Canteen ${stamp}` });
  await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });

  await row.getByTestId('edit-source').click();
  const dialog = page.getByTestId('edit-text-dialog');
  await expect(dialog.getByTestId('edit-text')).toHaveValue(
    `# Canteen\n\nLunch is served from noon until two. Run ${stamp}.`,
  );
  await dialog.getByTestId('edit-title').fill(`Canteen hours ${stamp}`);
  await dialog
    .getByTestId('edit-text')
    .fill(`# Canteen\n\nLunch is served from half past eleven until two. Run ${stamp}.`);
  await dialog.getByTestId('edit-save').click();
  await expect(dialog).toBeHidden();
  const renamed = page.getByTestId('source-row').filter({ hasText: `Canteen hours ${stamp}` });
  await expect(renamed.getByTestId('source-row-notice')).toHaveText('Saved: the new text is being ingested.');
  await expect(renamed).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect
    .poll(
      async () => {
        const r = await page.request.get(`/api/knowledge/search?q=${encodeURIComponent(`half past eleven ${stamp}`)}`, {
          headers: { authorization: `Bearer ${ADMIN_KEY}` },
        });
        return ((await r.json()) as { data: { title: string; text: string }[] }).data[0];
      },
      { timeout: 30_000 },
    )
    .toMatchObject({ title: `Canteen hours ${stamp}`, text: expect.stringContaining('half past eleven') });

  // Saved again unchanged: nothing to ingest. Esc leaves without saving.
  await renamed.getByTestId('edit-source').click();
  await expect(dialog.getByTestId('edit-text')).toHaveValue(/half past eleven/);
  await dialog.getByTestId('edit-save').click();
  await expect(renamed.getByTestId('source-row-notice')).toHaveText('Nothing changed.');
  await renamed.getByTestId('edit-source').click();
  await dialog.getByTestId('edit-title').fill('Not saved');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(renamed).toHaveCount(1);
  await expect(renamed.getByTestId('edit-source')).toBeFocused();

  // Someone else saves while this edit is open: this save is refused, and the typed text stays.
  await renamed.getByTestId('edit-source').click();
  await expect(dialog.getByTestId('edit-text')).toHaveValue(/half past eleven/);
  const id = (
    await (
      await page.request.get(`/api/knowledge/sources?q=${encodeURIComponent(`Canteen hours ${stamp}`)}`, {
        headers: { authorization: `Bearer ${ADMIN_KEY}` },
      })
    ).json()
  ).data[0].id;
  const theirs = await page.request.put(`/api/knowledge/sources/${id}`, {
    headers: { authorization: `Bearer ${ADMIN_KEY}` },
    data: { text: `Lunch moved to one. Run ${stamp}.` },
  });
  expect(theirs.status()).toBe(202);
  await dialog.getByTestId('edit-text').fill(`Mine: lunch at noon. Run ${stamp}.`);
  await dialog.getByTestId('edit-save').click();
  await expect(dialog.getByRole('alert')).toContainText('This source was changed elsewhere since you opened it.');
  await expect(dialog.getByTestId('edit-text')).toHaveValue(`Mine: lunch at noon. Run ${stamp}.`);
  await page.keyboard.press('Escape');
  await expect
    .poll(
      async () =>
        (
          await page.request.get(`/api/knowledge/sources/${id}/text`, {
            headers: { authorization: `Bearer ${ADMIN_KEY}` },
          })
        ).text(),
      { timeout: 30_000 },
    )
    .toContain('Lunch moved to one');
  await renamed.getByTestId('edit-source').click();
  await expect(dialog.getByTestId('edit-text')).toHaveValue(`Lunch moved to one. Run ${stamp}.`);
  await page.keyboard.press('Escape');
  await removeSources(page, new RegExp(`^Canteen hours ${stamp}`));
});

test('retrieval search shows scored chunks with their locations, and opens one in its whole source', async ({
  adminPage: page,
}) => {
  await page.getByTestId('paste-title').fill('Boiler manual');
  await page
    .getByTestId('paste-text')
    .fill(
      `# Boiler manual\n\n## Pressure\nThe boiler pressure should read between 1 and 1.5 bar when cold. Run ${Date.now()}.`,
    );
  await page.getByTestId('paste-submit').click();
  await expect(page.getByTestId('upload-item').filter({ hasText: 'Boiler manual' })).toHaveAttribute(
    'data-phase',
    'ready',
    { timeout: 30_000 },
  );
  await page.getByTestId('retrieval-query').fill('boiler pressure when cold');
  await page.getByTestId('retrieval-submit').click();
  const hit = page.getByTestId('retrieval-result').first();
  await expect(hit).toContainText('Boiler manual');
  await expect(hit.getByTestId('retrieval-score')).toHaveText(/^\d+\.\d{3}$/);
  await expect(hit).toContainText(/chars \d+–\d+/);
  await expect(hit).toContainText('1.5 bar');
  // The preview reads as text, without the Markdown's heading marks.
  await expect(hit).not.toContainText('##');

  // The result opens the source it came from, as Markdown, at the passage.
  await hit.getByTestId('retrieval-open').click();
  const dialog = page.getByTestId('passage-dialog');
  await expect(dialog.getByTestId('passage-title')).toHaveText('Boiler manual');
  await expect(dialog.getByRole('heading', { name: 'Pressure' })).toBeVisible();
  await expect(dialog.locator('[data-passage]').filter({ hasText: 'boiler pressure should read' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(hit.getByTestId('retrieval-open')).toBeFocused();
});

test("a source's title opens its text as ingested: what a parser made of the file", async ({ adminPage: page }) => {
  const stamp = Date.now();
  const name = `kiln-${stamp}.md`;
  // Front matter is read, not indexed; the heading that opens the file is its title.
  const file = `---\nowner: pottery club\n---\n# Kiln log ${stamp}\n\n## Firing\n\nBisque firings reach cone 04 over nine hours.\n\n| cone | temperature |\n| --- | --- |\n| 04 | 1060 °C |\n`;
  try {
    await page
      .getByTestId('file-input')
      .setInputFiles([{ name, mimeType: 'text/markdown', buffer: Buffer.from(file) }]);
    const row = page.getByTestId('source-row').filter({ hasText: `Kiln log ${stamp}` });
    await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    await row.getByRole('button', { name: `Kiln log ${stamp}`, exact: true }).click();

    const dialog = page.getByTestId('passage-dialog');
    await expect(dialog).toContainText('As ingested');
    await expect(dialog.getByTestId('passage-title')).toHaveText(`Kiln log ${stamp}`);
    await expect(dialog.getByRole('heading', { name: 'Firing' })).toBeVisible();
    await expect(dialog.getByRole('cell', { name: '1060 °C' })).toBeVisible();
    // Opened from the actions' cell, it reads as a page, not as that cell: aligned to the start, wrapped.
    await expect(dialog.getByText('Bisque firings')).toHaveCSS('text-align', 'start');
    await expect(dialog.getByText('Bisque firings')).toHaveCSS('white-space', 'normal');
    await expect(dialog).not.toContainText('pottery club');
    // Nothing is cited here: nothing is marked, and nothing is said to have changed.
    await expect(
      dialog.locator('[data-passage], [data-testid="passage-highlight"], [data-testid="passage-changed"]'),
    ).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('button', { name: `Kiln log ${stamp}`, exact: true })).toBeFocused();
  } finally {
    await removeSources(page, new RegExp(`^Kiln log ${stamp}\\b`));
  }
});

test("a source's chunks: what search ranks and cites, each with its place, size and overlap, page by page", async ({
  adminPage: page,
}) => {
  const stamp = Date.now();
  const sentence = (section: string, p: number, s: number) =>
    `The ${section} crew ${stamp} logs shift ${p} note ${s} about rotor${(p + s) % 9} checks.`;
  const paragraph = (section: string, p: number, sentences: number) =>
    Array.from({ length: sentences }, (_, s) => sentence(section, p, s)).join(' ');
  // Enough paragraphs for more chunks than a page shows, and one longer than a chunk, cut with overlap.
  const file = [
    `# Hangar log ${stamp}`,
    '',
    '## Night shift',
    '',
    paragraph('night', 0, 60),
    '',
    ...Array.from({ length: 70 }, (_, p) => [paragraph('night', p + 1, 12), '']).flat(),
  ].join('\n');
  try {
    await page
      .getByTestId('file-input')
      .setInputFiles([{ name: `hangar-${stamp}.md`, mimeType: 'text/markdown', buffer: Buffer.from(file) }]);
    const row = page.getByTestId('source-row').filter({ hasText: `Hangar log ${stamp}` });
    await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    const total = Number(await row.getByTestId('source-chunk-count').innerText());
    expect(total).toBeGreaterThan(50);
    await row.getByRole('button', { name: `Hangar log ${stamp}`, exact: true }).click();

    const dialog = page.getByTestId('passage-dialog');
    await dialog.getByRole('button', { name: 'Chunks' }).click();
    await expect(dialog.getByRole('button', { name: 'Chunks' })).toHaveAttribute('aria-pressed', 'true');
    const list = dialog.getByTestId('source-chunks');
    await expect(list).toContainText(`${total} chunks`);
    const chunks = list.getByTestId('source-chunk');
    await expect(chunks).toHaveCount(50);
    await expect(chunks.first()).toContainText('#1');
    await expect(chunks.first()).toContainText(/\d+ tokens/);
    // The document's title is its top heading: the place shown is the section.
    await expect(chunks.nth(1).getByTestId('source-chunk-where')).toHaveText('Night shift');
    // The long paragraph runs over into the next chunk, which starts with words of the one before.
    const overlap = chunks.nth(1).getByTestId('source-chunk-overlap');
    await expect(overlap).toBeVisible();
    expect(await chunks.nth(0).innerText()).toContain((await overlap.innerText()).trim());

    await list.getByRole('button', { name: `Show more (${total - 50} left)` }).click();
    await expect(chunks).toHaveCount(total);
    await expect(chunks.last()).toContainText(`#${total}`);
    await expect(chunks.last()).toContainText(sentence('night', 70, 11));
    await expect(list.getByRole('button', { name: /Show more/ })).toHaveCount(0);

    // Back to the text, as it opened.
    await dialog.getByRole('button', { name: 'Text' }).click();
    await expect(dialog.getByRole('heading', { name: 'Night shift' })).toBeVisible();
  } finally {
    await removeSources(page, new RegExp(`^Hangar log ${stamp}\\b`));
  }
});

test('API keys: created once with copy, listed, revoked', async ({ adminPage: page }) => {
  const name = `CI ${Date.now()}`;
  await page.getByTestId('key-name').fill(name);
  await page.getByTestId('key-role').selectOption('user');
  await page.getByTestId('key-create').click();
  const secret = page.getByTestId('new-key-value');
  await expect(secret).toHaveText(/\S{20,}/);
  const key = await secret.innerText();
  await page.getByTestId('new-key').getByRole('button', { name: 'Copy' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  // The key works for the API…
  expect((await page.request.get('/api/session', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(200);
  // …is listed by name and prefix only, and is gone from the page after a reload.
  await page.reload();
  const row = page.getByTestId('key-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('new-key')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(key);
  // Revoke with confirmation: the key stops working at once.
  await row.getByTestId('revoke-key').click();
  await page.getByRole('dialog', { name: 'Revoke this key?' }).getByTestId('confirm-accept').click();
  await expect(row).toContainText('Revoked');
  expect((await page.request.get('/api/session', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);
});

test('API keys: a long list shows more on request', async ({ adminPage: page }) => {
  const stamp = Date.now();
  const ids: string[] = [];
  for (let i = 0; i < 21; i++) {
    const res = await page.request.post('/api/keys', {
      headers: { authorization: `Bearer ${ADMIN_KEY}` },
      data: { name: `Batch ${stamp} #${i}`, role: 'user' },
    });
    ids.push(((await res.json()) as { id: string }).id);
  }
  try {
    await page.reload();
    // Newest first, a page of 20: the first of these 21 is on the next page.
    await expect(page.getByTestId('key-row').filter({ hasText: `Batch ${stamp} #20` })).toHaveCount(1);
    const oldest = page.getByTestId('key-row').filter({ hasText: `Batch ${stamp} #0` });
    await expect(oldest).toHaveCount(0);
    const rows = await page.getByTestId('key-row').count();
    await page.getByTestId('keys-more').click();
    await expect(oldest).toHaveCount(1);
    expect(await page.getByTestId('key-row').count()).toBeGreaterThan(rows);
    await expect(page.getByTestId('key-row').filter({ hasText: `Batch ${stamp} #` })).toHaveCount(21);
  } finally {
    for (const id of ids)
      await page.request.delete(`/api/keys/${id}`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
  }
});
