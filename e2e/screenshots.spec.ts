import {
  addTextSource,
  askSlowly,
  expect,
  removeSources,
  signInThroughForm,
  test,
  paceReplies,
} from './support/fixtures';

// Screenshots for review, written by the tests: the chat mid-answer, its answer and
// a cited source, and the admin page with an ingestion in progress, on desktop and at 390 px.

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

const GUIDE = `# Field guide to alpine plants

## Edelweiss
Edelweiss grows on limestone ledges between 1,800 and 3,000 metres. Its woolly white bracts protect it from ultraviolet light and drying wind.

## Gentian
The trumpet gentian opens its deep blue flowers only in sunshine and closes them before rain.

## Collecting
Picking protected alpine plants is forbidden in most cantons; photograph them instead.
`;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await addTextSource(page, 'Field guide to alpine plants', GUIDE);
  await page.close();
});

for (const vp of VIEWPORTS) {
  test(`chat mid-answer (${vp.name})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: vp.width, height: vp.height } });
    const page = await context.newPage();
    await page.goto('/');
    const reply = await askSlowly(page, 'Where does edelweiss grow, and why is it woolly?', 150);
    // Far enough into the reply to show a paragraph forming, not yet finished.
    await expect(reply).toContainText(/(\w+\W+){12}/, { timeout: 20_000 });
    await expect(reply).toHaveAttribute('data-status', 'streaming');
    await page.screenshot({ path: `e2e/screenshots/chat-mid-answer-${vp.name}.png` });
    await paceReplies(page, null);
    await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
    await page.screenshot({ path: `e2e/screenshots/chat-answer-${vp.name}.png` });
    // A citation opens the whole guide at the cited passage.
    await reply.getByTestId('citation-link').first().click();
    await expect(page.getByTestId('passage-highlight')).toBeInViewport();
    await page.screenshot({ path: `e2e/screenshots/chat-source-${vp.name}.png` });
    await context.close();
  });

  test(`admin with an ingestion in progress (${vp.name})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: { width: vp.width, height: vp.height } });
    const page = await context.newPage();
    await signInThroughForm(page);
    // Several documents at once. While the worker ingests, the server answers status polls only
    // between documents, so the test holds the polls to photograph the queued state it has seen.
    const held: import('@playwright/test').Route[] = [];
    await page.route(/\/api\/knowledge\/sources(\/[^/]+)?(\?.*)?$/, (route) =>
      route.request().method() === 'GET' ? void held.push(route) : route.continue(),
    );
    const paragraph = (i: number) =>
      `## Section ${i}\nMeadow survey ${i}: the botanists counted clover, yarrow, sorrel and buttercup along transect ${i}, noting soil moisture and shade for each plot.\n\n`;
    const doc = (part: number) =>
      Array.from({ length: 800 }, (_, i) => paragraph(part * 1000 + i)).join('') + `Run ${Date.now()}.`;
    await page.getByTestId('file-input').setInputFiles(
      [1, 2, 3, 4].map((part) => ({
        name: `meadow-survey-${vp.name}-${part}.md`,
        mimeType: 'text/markdown',
        buffer: Buffer.from(doc(part)),
      })),
    );
    const items = page.getByTestId('upload-item');
    await expect(items).toHaveCount(4);
    await expect(items.and(page.locator('[data-phase="pending"], [data-phase="processing"]'))).toHaveCount(4, {
      timeout: 60_000,
    });
    await expect(items.first().getByRole('progressbar')).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/admin-ingesting-${vp.name}.png`, fullPage: true });
    await page.unroute(/\/api\/knowledge\/sources(\/[^/]+)?(\?.*)?$/);
    await Promise.all(held.map((route) => route.continue().catch(() => {})));
    // Then the same items follow the ingestion through to the end.
    await expect(items.and(page.locator('[data-phase="ready"], [data-phase="failed"]'))).toHaveCount(4, {
      timeout: 90_000,
    });
    // Leave the knowledge base as it was for the other tests.
    await removeSources(page, /meadow-survey/);
    await context.close();
  });
}
