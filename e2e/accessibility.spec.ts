import { addTextSource, ask, expect, signInThroughForm, test } from './support/fixtures';
import { seriousViolations } from './support/axe';

// axe-core on every page people use, in both system themes: no serious or critical violations.

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await addTextSource(
    page,
    'Tea brewing guide',
    'Green tea brews best at 80 degrees for two minutes. Black tea wants boiling water and four minutes.',
  );
  await page.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`chat, conversation and admin pages have no serious accessibility violations (${colorScheme})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();

    await page.goto('/');
    await expect(page.getByTestId('empty-state')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const reply = await ask(page, 'How long should green tea brew?');
    await expect(reply.getByTestId('source-item').first()).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/c\//);
    await expect(page.getByTestId('assistant-message').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The passage dialog open on top of the conversation.
    await page.getByTestId('source-item').first().click();
    await expect(page.getByTestId('passage-text')).not.toContainText('Loading');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/admin');
    await expect(page.getByTestId('admin-key-input')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await signInThroughForm(page);
    await expect(page.getByTestId('source-row').first()).toBeVisible();
    // Signing in refreshes the server components; the streamed metadata (the
    // <title>) lands a moment after the console, so wait for the settled page.
    await expect(page).toHaveTitle('Knowledge · Groundwork');
    expect(await seriousViolations(page)).toEqual([]);

    // Small screens: the chat at 360 px with the sidebar drawer open.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await page.getByTestId('sidebar-toggle').click();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
}

test('the chat can be used from the keyboard alone, with visible focus', async ({ visitor }) => {
  const { page } = visitor;
  await page.goto('/');
  // The composer has focus on arrival; Enter sends.
  await expect(page.getByTestId('composer-input')).toBeFocused();
  await page.keyboard.type('What temperature suits black tea?');
  await page.keyboard.press('Enter');
  const reply = page.getByTestId('assistant-message').first();
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  // Tab reaches a citation; focus shows its preview and a visible outline.
  const citation = reply.getByTestId('citation-link').first();
  await citation.focus();
  await expect(page.getByTestId('citation-preview')).toBeVisible();
  const outline = await citation.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('passage-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('passage-dialog')).toBeHidden();

  // First in the Tab order: a way past the sidebar, straight to the message box, shown when focused.
  const first = await page.evaluate(
    () =>
      document.querySelector<HTMLElement>('a[href], button, input, textarea, select, [tabindex]:not([tabindex="-1"])')
        ?.dataset.testid,
  );
  expect(first).toBe('skip-link');
  await page.getByTestId('skip-link').focus();
  await expect(page.getByTestId('skip-link')).toBeInViewport();
  await expect(page.getByTestId('composer-input')).not.toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('composer-input')).toBeFocused();
});

test('the focus comes back where it was when a preview, a form, a rename or the drawer closes', async ({ visitor }) => {
  const { page } = visitor;
  await page.goto('/');
  const reply = await ask(page, 'What temperature suits black tea?');

  // A passage opened from its citation and closed: the citation has the focus, without its preview
  // coming back over the reply.
  const citation = reply.getByTestId('citation-link').first();
  await citation.focus();
  await expect(page.getByTestId('citation-preview')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('passage-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('passage-dialog')).toBeHidden();
  await expect(citation).toBeFocused();
  await expect(page.getByTestId('citation-preview')).toHaveCount(0);

  // The 👎 form, closed with Esc or "Not now": back on the thumb.
  const down = reply.getByTestId('rate-down');
  await down.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('feedback-comment')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('feedback-form')).toHaveCount(0);
  await expect(down).toBeFocused();
  await page.keyboard.press('Enter'); // takes the rating back
  await expect(down).toHaveAttribute('aria-pressed', 'false');
  await expect(down).toHaveAttribute('aria-disabled', 'false'); // (a press while the last one saves is not taken)
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('feedback-comment')).toBeFocused();
  await page.getByRole('button', { name: 'Not now' }).focus();
  await page.keyboard.press('Enter');
  await expect(down).toBeFocused();

  // A rename ended with Enter: back on its Rename button, the new title shown.
  const rename = page.getByTestId('rename-conversation').first();
  await rename.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('rename-input')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Tea temperatures');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conversation-item').first()).toContainText('Tea temperatures');
  await expect(rename).toBeFocused();

  // The drawer on a phone: open, it has the focus and Tab stays in it; Esc gives the focus back to ☰.
  await page.setViewportSize({ width: 390, height: 844 });
  const toggle = page.getByTestId('sidebar-toggle');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Close conversations' })).toBeFocused();
  // (past its last control the focus leaves the page, as it does from a modal dialog, and comes back to the drawer)
  const reached = new Set<string>();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const el = document.activeElement;
      return !el || el === document.body
        ? 'page left'
        : el.closest('#conversation-sidebar')
          ? 'drawer'
          : `behind: ${el.outerHTML.slice(0, 80)}`;
    });
    expect(where, `Tab ${i + 1}`).not.toMatch(/^behind/);
    reached.add(where);
  }
  expect(reached).toContain('drawer');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await expect(toggle).toBeFocused();
  // Closed, the chat is reachable again.
  await page.getByTestId('composer-input').focus();
  await expect(page.getByTestId('composer-input')).toBeFocused();
});

test('a conversation’s title in the sidebar has the whole width while its buttons are hidden', async ({ visitor }) => {
  const { page } = visitor;
  await page.goto('/');
  const res = await page.request.post('/api/conversations', {
    data: { title: 'How long should green tea brew at eighty degrees?' },
  });
  expect(res.status()).toBe(201);
  await page.reload();
  const link = page.getByTestId('conversation-link').first();
  const item = page.getByTestId('conversation-item').first();
  const [linkBox, itemBox] = [await link.boundingBox(), await item.boundingBox()];
  // (nothing else in the row: the title's box spans the row)
  expect(linkBox!.width).toBeGreaterThan(itemBox!.width - 2);
  await item.hover();
  await expect(item.getByTestId('delete-conversation')).toBeVisible();
});
