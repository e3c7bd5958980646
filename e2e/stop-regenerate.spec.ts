import { readFileSync } from 'node:fs';
import { addTextSource, ask, askSlowly, expect, test, paceReplies } from './support/fixtures';

const FACTS = [
  'The lighthouse keeper climbs the 218 steps of the Halvor lighthouse twice every night.',
  'The Halvor lamp is a first-order Fresnel lens that was installed in 1893.',
  'Its beam can be seen from 22 nautical miles away in clear weather.',
  'The keeper logs the weather, the passing ships and the state of the lamp in a bound journal.',
].join(' ');

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await addTextSource(page, 'Halvor lighthouse notes', FACTS);
  await page.close();
});

test('Esc stops a streaming reply; regenerate writes a fresh one in its place', async ({ visitor }) => {
  const { page } = visitor;
  await page.goto('/');
  const reply = await askSlowly(page, 'Tell me about the Halvor lighthouse lamp', 200);
  await expect(reply).toContainText(/\w+/);

  await page.route(/\/api\/conversations\/[0-9a-f-]{36}$/, async (route) => {
    if (route.request().method() === 'GET') await new Promise((r) => setTimeout(r, 1500));
    await route.continue().catch(() => {});
  });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('stop-button')).toBeHidden();
  await expect(page.getByTestId('send-button')).toBeVisible();
  await expect(reply.getByTestId('stopped-note')).toBeVisible();
  const stoppedText = await reply.innerText();

  // Regenerate: the stopped reply is replaced by a complete one, not added to. It is clicked before
  // the page has read the conversation back (held up here): the question's stored id came with its
  // reply's start, so a Regenerate is never taken for a question that was never sent.
  await paceReplies(page, null);
  await reply.getByTestId('regenerate').click();
  await expect(page.getByTestId('assistant-message')).toHaveCount(1);
  const fresh = page.getByTestId('assistant-message').first();
  await expect(fresh).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  await expect(fresh.getByTestId('stopped-note')).toHaveCount(0);
  await expect(fresh).toContainText(/Fresnel|1893|218|lamp/);
  expect(await fresh.innerText()).not.toBe(stoppedText);

  // The stopped reply is kept as the first version: the arrows show it again.
  await expect(fresh.getByTestId('version-of')).toHaveText('2 / 2');
  await fresh.getByTestId('previous-version').click();
  await expect(page.getByTestId('assistant-message').first().getByTestId('stopped-note')).toBeVisible();
  await expect(page.getByTestId('version-of')).toHaveText('1 / 2');
});

test('on a small screen, Esc closes the conversations drawer and leaves the reply being written alone', async ({
  visitor,
}) => {
  const { page } = visitor;
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  const reply = await askSlowly(page, 'Tell me about the Halvor lighthouse keeper', 200);
  await page.getByTestId('sidebar-toggle').click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await expect(reply).toHaveAttribute('data-status', 'streaming');
  await expect(page.getByTestId('stop-button')).toBeVisible();
  // With the drawer closed, Esc stops the reply as before.
  await page.keyboard.press('Escape');
  await expect(reply.getByTestId('stopped-note')).toBeVisible();
});

test('the Stop button works too, and Shift+Enter writes a new line instead of sending', async ({ visitor }) => {
  const { page } = visitor;
  await page.goto('/');
  const input = page.getByTestId('composer-input');
  await input.fill('First line');
  await input.press('Shift+Enter');
  await input.pressSequentially('second line');
  await expect(input).toHaveValue('First line\nsecond line');
  await expect(page.getByTestId('user-message')).toHaveCount(0);

  await askSlowly(page, 'How far can the Halvor beam be seen?', 200);
  await page.getByTestId('stop-button').click();
  await expect(page.getByTestId('stopped-note')).toBeVisible();
  await paceReplies(page, null);

  // After a stop the conversation goes on normally.
  const next = await ask(page, 'When was the Halvor lamp installed?');
  await expect(next).toContainText('1893');
  await expect(next.getByTestId('copy-reply')).toBeVisible();
});

test('any question can be edited: the new version is answered on a branch of its own, and the arrows show either branch', async ({
  visitor,
}) => {
  const { page } = visitor;
  await page.goto('/');
  await expect(await ask(page, 'When was the Halvor lamp installed?')).toContainText('1893');
  await expect(await ask(page, 'How many steps does the keeper climb?')).toContainText('218');
  const before = ['When was the Halvor lamp installed?', 'How many steps does the keeper climb?'];
  const questions = page.getByTestId('user-message');
  const replies = page.getByTestId('assistant-message');
  await expect(page.getByTestId('edit-message')).toHaveCount(2);
  await expect(page.getByTestId('version-switch')).toHaveCount(0);

  // Esc leaves the question as it was.
  await page.getByTestId('edit-message').first().click();
  await page.getByTestId('edit-message-input').press('Escape');
  await expect(page.getByTestId('edit-message-form')).toHaveCount(0);
  // Cancelling gives the focus back to the Edit button it came from.
  await expect(page.getByTestId('edit-message').first()).toBeFocused();

  // Editing the first question: what followed it gives way to the new question's reply.
  await page.getByTestId('edit-message').first().click();
  const input = page.getByTestId('edit-message-input');
  await expect(input).toBeFocused();
  await expect(input).toHaveValue(before[0]!);
  await input.fill('How far can the Halvor beam be seen?');
  await input.press('Enter');
  await expect(replies).toHaveCount(1);
  await expect(replies.first()).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  await expect(replies.first()).toContainText('22 nautical miles');
  const after = ['How far can the Halvor beam be seen?'];
  await expect(questions).toHaveText(after);
  // The question now has two versions, and this is the second.
  await expect(page.getByTestId('version-of')).toHaveText('2 / 2');

  await page.reload();
  await expect(questions).toHaveText(after);
  await expect(replies.first()).toContainText('22 nautical miles');

  // The transcript has what the page shows.
  const download = page.waitForEvent('download');
  await page.getByTestId('export-conversation').click();
  const transcript = readFileSync((await (await download).path())!, 'utf8');
  expect(transcript).toContain(`\n${after[0]}\n`);
  expect(transcript).not.toContain(before[1]);
  expect(transcript).toContain('Halvor lighthouse notes — “');

  // The older version brings back its whole branch, and it stays shown.
  await page.getByTestId('previous-version').click();
  await expect(questions).toHaveText(before);
  await expect(replies).toHaveCount(2);
  await expect(replies.nth(1)).toContainText('218');
  await expect(page.getByTestId('version-of')).toHaveText('1 / 2');
  await expect(page.getByTestId('next-version')).toBeEnabled();
  await expect(page.getByTestId('previous-version')).toBeDisabled();
  await page.reload();
  await expect(questions).toHaveText(before);

  // The conversation goes on from the branch on show, and the other is still a click away.
  await expect(await ask(page, 'Who logs the weather?')).toContainText('journal');
  const longer = [...before, 'Who logs the weather?'];
  await expect(questions).toHaveText(longer);

  // Any reply can be written again: what followed it stays on the old branch.
  await replies.first().getByTestId('regenerate').click();
  await expect(replies).toHaveCount(1);
  await expect(replies.first()).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  await expect(replies.first().getByTestId('version-of')).toHaveText('2 / 2');
  await expect(questions).toHaveText([before[0]!]);
  await replies.first().getByTestId('previous-version').click();
  await expect(questions).toHaveText(longer);

  // And the edited question's branch is still a click away.
  await page.getByTestId('next-version').first().click();
  await expect(questions).toHaveText(after);
});

test('Stop before the question reaches the server gives the question back, and leaves nothing behind', async ({
  visitor,
}) => {
  const { page } = visitor;
  await page.goto('/');
  // The conversation is slow to be created: Esc meanwhile sends nothing and creates nothing.
  await page.route(
    '**/api/conversations',
    async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await new Promise((r) => setTimeout(r, 800));
      await route.continue().catch(() => {});
    },
    { times: 1 },
  );
  const input = page.getByTestId('composer-input');
  await input.fill('How warm must the greenhouse stay?');
  await input.press('Enter');
  await expect(page.getByTestId('user-message')).toHaveText('How warm must the greenhouse stay?');
  await page.keyboard.press('Escape');
  await expect(input).toHaveValue('How warm must the greenhouse stay?');
  await expect(page.getByTestId('user-message')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(
      async () => ((await (await page.request.get('/api/conversations')).json()) as { data: unknown[] }).data.length,
    )
    .toBe(0);

  // The question itself is slow to arrive: Stop before any reply gives it back too.
  await page.route(
    '**/api/conversations/*/messages',
    async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue().catch(() => {});
    },
    { times: 1 },
  );
  await input.press('Enter');
  await expect(page.getByTestId('thinking')).toBeVisible();
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await page.keyboard.press('Escape');
  // Finding out that the question never arrived takes a moment, and the page says so meanwhile.
  await expect(page.getByTestId('stopping')).toHaveText('Stopping…');
  await expect(page.getByTestId('stop-button')).toBeDisabled();
  await expect(page.getByTestId('edit-message')).toHaveCount(0);
  await expect(input).toHaveValue('How warm must the greenhouse stay?');
  await expect(page.getByTestId('user-message')).toHaveCount(0);
  await expect(page.getByTestId('thinking')).toBeHidden();
  await expect(page.getByTestId('stopping')).toBeHidden();
  // Sent again, it is answered as usual.
  await input.press('Enter');
  await expect(page.getByTestId('assistant-message')).toHaveCount(1);
  await expect(page.getByTestId('assistant-message').first()).not.toHaveAttribute('data-status', 'streaming', {
    timeout: 30_000,
  });
  await page.reload();
  await expect(page.getByTestId('user-message')).toHaveText(['How warm must the greenhouse stay?']);
});

test('a question edited before the page has read its reply back becomes a new version of it', async ({ visitor }) => {
  const { page } = visitor;
  await page.goto('/');
  // The read back after each reply is held up: the question's stored id comes only with its reply's start.
  await page.route(/\/api\/conversations\/[0-9a-f-]{36}$/, async (route) => {
    if (route.request().method() === 'GET') await new Promise((r) => setTimeout(r, 1500));
    await route.continue().catch(() => {});
  });
  await expect(await ask(page, 'When was the Halvor lamp installed?')).toContainText('1893');
  await page.getByTestId('edit-message').first().click();
  await page.getByTestId('edit-message-input').fill('How many steps does the keeper climb?');
  await page.getByTestId('edit-message-input').press('Enter');
  await expect(page.getByTestId('assistant-message').first()).toContainText('218', { timeout: 30_000 });
  await expect(page.getByTestId('user-message')).toHaveText(['How many steps does the keeper climb?']);
  await page.unroute(/\/api\/conversations\/[0-9a-f-]{36}$/);
  // As stored: one branch on show, the edited question a second version of the first.
  await page.reload();
  await expect(page.getByTestId('user-message')).toHaveText(['How many steps does the keeper climb?']);
  await expect(page.getByTestId('assistant-message')).toHaveCount(1);
  await expect(page.getByTestId('version-of')).toHaveText('2 / 2');
});
