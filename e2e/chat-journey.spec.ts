import { addFile, ask, buildPdf, expect, removeSources, test, paceReplies, send } from './support/fixtures';

// The whole product in one story: an admin feeds the knowledge base, a visitor
// gets a cited answer from it, the admin removes a source, and the answer changes.

// A per-run edition line keeps the files new even against a reused server (duplicates answer 200).
const EDITION = `Edition ${Date.now()}`;
const HANDBOOK_MD = `# Visitor handbook

${EDITION}.

## Opening hours
The reading room opens at nine in the morning and closes at six in the evening.

## Parking
Bicycles can be left in the courtyard rack next to the main gate.
`;

const PDF_TITLE = 'Zephyr pump service manual';
const PDF_PAGES = [
  [
    'Zephyr pump service manual',
    EDITION,
    'Chapter 1. Safety',
    'Always isolate the electrical supply before opening the housing.',
  ],
  [
    'Chapter 2. Maintenance',
    '',
    'The Zephyr coolant pump must be flushed every 412 operating hours.',
    'Flushing uses two litres of demineralised water at room temperature.',
  ],
];
const QUESTION = 'How often must the Zephyr coolant pump be flushed?';

test('admin uploads knowledge, a visitor gets a cited streamed answer, deleting the source removes the citation', async ({
  adminPage,
  visitor,
}) => {
  test.setTimeout(180_000);
  const admin = adminPage;
  await removeSources(admin, /zephyr|visitor-handbook/i);
  await admin.reload();

  // 1. The admin uploads a Markdown file and a PDF at once and watches both reach "ready".
  const pdf = await buildPdf(PDF_TITLE, PDF_PAGES);
  await admin.getByTestId('file-input').setInputFiles([
    { name: 'visitor-handbook.md', mimeType: 'text/markdown', buffer: Buffer.from(HANDBOOK_MD) },
    { name: 'zephyr-pump-manual.pdf', mimeType: 'application/pdf', buffer: pdf },
  ]);
  const uploads = admin.getByTestId('upload-item');
  await expect(uploads).toHaveCount(2);
  for (const name of ['visitor-handbook.md', 'zephyr-pump-manual.pdf']) {
    const item = uploads.filter({ hasText: name });
    await expect(item).toHaveAttribute('data-phase', 'ready', { timeout: 60_000 });
    await expect(item).toContainText(/Ready: \d+ chunks? searchable/);
  }
  const pdfRow = admin.getByTestId('source-row').filter({ hasText: /zephyr/i });
  await expect(pdfRow).toHaveAttribute('data-status', 'ready');
  await expect(pdfRow.getByTestId('status-badge')).toHaveText('Ready');

  // 2. A visitor asks something only the PDF answers and watches the reply stream in.
  const page = visitor.page;
  await page.goto('/');
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await paceReplies(page, 120);
  await send(page, QUESTION);
  await expect(page.getByTestId('user-message')).toHaveText(QUESTION);
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const reply = page.getByTestId('assistant-message').first();
  // Mid-stream: some words are on screen while the reply is still being written.
  await expect(reply).toHaveAttribute('data-status', 'streaming');
  await expect(reply).toContainText(/\w+/);
  await expect(page.getByTestId('stop-button')).toBeVisible();
  const partial = (await reply.innerText()).length;
  await paceReplies(page, null);
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  expect((await reply.innerText()).length).toBeGreaterThan(partial);
  await expect(reply).toContainText('412');

  // 3. The answer cites the PDF inline and in the source list.
  const pdfSource = reply.getByTestId('source-item').filter({ hasText: /zephyr/i });
  await expect(pdfSource).toHaveCount(1);
  const citation = reply.getByTestId('citation-link').first();
  await expect(citation).toBeVisible();
  await citation.hover();
  await expect(page.getByTestId('citation-preview')).toBeVisible();
  await expect(page.getByTestId('citation-preview')).toContainText(/zephyr/i);
  // The snippet wraps inside the preview (up to four lines), not cut off on one line.
  const snippet = page.getByTestId('citation-preview-snippet');
  expect(
    await snippet.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().height > 30),
  ).toBe(true);

  // 4. Opening the citation shows the whole source, at the cited passage, the quoted words marked.
  await pdfSource.click();
  const passage = page.getByTestId('passage-dialog');
  await expect(passage).toBeVisible();
  await expect(passage.getByTestId('passage-title')).toContainText(/zephyr/i);
  await expect(passage.getByTestId('passage-highlight')).toContainText('flushed every 412 operating hours');
  await expect(passage.getByTestId('passage-highlight')).toBeInViewport();
  await expect(passage.getByTestId('passage-text')).toContainText('Always isolate the electrical supply'); // page 1, not cited
  await expect(passage).toContainText(/p\. \d/);
  await page.keyboard.press('Escape');
  await expect(passage).toBeHidden();
  // Focus goes back to what opened the passage, so a keyboard user carries on from there.
  await expect(pdfSource).toBeFocused();
  await citation.click();
  await expect(passage).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(passage).toBeHidden();
  await expect(citation).toBeFocused();

  // Reloading shows the full stored history.
  await page.reload();
  await expect(page.getByTestId('user-message')).toHaveText(QUESTION);
  await expect(page.getByTestId('assistant-message').first()).toContainText('412');

  // 5. The admin deletes the PDF (with confirmation).
  await admin.reload();
  const row = admin.getByTestId('source-row').filter({ hasText: /zephyr/i });
  await row.getByTestId('delete-source').click();
  const confirm = admin.getByRole('dialog', { name: 'Delete this source?' });
  await expect(confirm).toContainText(/zephyr/i);
  await confirm.getByTestId('confirm-accept').click();
  await expect(admin.getByTestId('source-row').filter({ hasText: /zephyr/i })).toHaveCount(0);
  await expect(admin.getByTestId('source-row').filter({ hasText: /handbook/i })).toHaveCount(1);

  // 6. Asked again, the answer no longer cites the PDF.
  const second = await ask(page, QUESTION);
  await expect(second.getByTestId('source-item').filter({ hasText: /zephyr/i })).toHaveCount(0);
  await expect(second).not.toContainText('412');
});

test('a web page’s link stays a link in the passage a reply cites, and opens in a new tab', async ({
  adminPage,
  visitor,
}) => {
  const html = `<!doctype html><html><head><title>Working from home</title></head><body><main><h1>Working from home</h1>
    <p>Access to the office network from home goes through the VPN, which every employee may use once approved. ${EDITION}.</p>
    <h2>Getting access</h2><p>To get VPN access, fill in the <a href="https://intranet.example.com/forms/vpn">VPN access form</a> and ask your manager to approve it.</p></main></body></html>`;
  await addFile(adminPage, 'working-from-home.html', 'text/html', html);
  await visitor.page.goto('/');
  const reply = await ask(visitor.page, 'How do I get VPN access?');
  await expect(reply).toContainText('VPN access form');
  await reply.getByTestId('citation-link').first().click();
  const link = visitor.page.getByTestId('passage-text').getByRole('link', { name: 'VPN access form' });
  await expect(link).toHaveAttribute('href', 'https://intranet.example.com/forms/vpn');
  await expect(link).toHaveAttribute('target', '_blank');
});
