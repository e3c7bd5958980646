import { readFileSync } from 'node:fs';
import { addTextSource, ask, expect, test, paceReplies } from './support/fixtures';

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
  await paceReplies(page, 200);
  await page.getByTestId('composer-input').fill('Tell me about the Halvor lighthouse lamp');
  await page.getByTestId('composer-input').press('Enter');
  const reply = page.getByTestId('assistant-message').first();
  await expect(reply).toHaveAttribute('data-status', 'streaming');
  await expect(reply).toContainText(/\w+/);

  await page.keyboard.press('Escape');
  await expect(page.getByTestId('stop-button')).toBeHidden();
  await expect(page.getByTestId('send-button')).toBeVisible();
  await expect(reply.getByTestId('stopped-note')).toBeVisible();
  const stoppedText = await reply.innerText();

  // Regenerate: the stopped reply is replaced by a complete one, not added to.
  await paceReplies(page, null);
  await reply.getByTestId('regenerate').click();
  await expect(page.getByTestId('assistant-message')).toHaveCount(1);
  const fresh = page.getByTestId('assistant-message').first();
  await expect(fresh).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  await expect(fresh.getByTestId('stopped-note')).toHaveCount(0);
  await expect(fresh).toContainText(/Fresnel|1893|218|lamp/);
  expect(await fresh.innerText()).not.toBe(stoppedText);
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

  await paceReplies(page, 200);
  await input.fill('How far can the Halvor beam be seen?');
  await input.press('Enter');
  await expect(page.getByTestId('assistant-message').first()).toHaveAttribute('data-status', 'streaming');
  await page.getByTestId('stop-button').click();
  await expect(page.getByTestId('stopped-note')).toBeVisible();
  await paceReplies(page, null);

  // After a stop the conversation goes on normally.
  const next = await ask(page, 'When was the Halvor lamp installed?');
  await expect(next).toContainText('1893');
  await expect(next.getByTestId('copy-reply')).toBeVisible();
});

test('the last question can be edited: it and its reply give way to the new ones, on the page and in storage', async ({ visitor }) => {
  const { page } = visitor;
  await page.goto('/');
  await expect(await ask(page, 'When was the Halvor lamp installed?')).toContainText('1893');
  const replaced = await ask(page, 'How many steps does the keeper climb?');
  await expect(replaced).toContainText('218');
  const replacedText = await replaced.locator('p').first().innerText();
  // Only the last question can be edited.
  await expect(page.getByTestId('edit-message')).toHaveCount(1);

  // Esc leaves the question as it was.
  await page.getByTestId('edit-message').click();
  await page.getByTestId('edit-message-input').press('Escape');
  await expect(page.getByTestId('edit-message-form')).toHaveCount(0);

  await page.getByTestId('edit-message').click();
  const input = page.getByTestId('edit-message-input');
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('How many steps does the keeper climb?');
  await input.fill('How far can the Halvor beam be seen?');
  await input.press('Enter');
  const replies = page.getByTestId('assistant-message');
  await expect(replies).toHaveCount(2);
  await expect(replies.nth(1)).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  await expect(replies.nth(1)).toContainText('22 nautical miles');
  const answer = await replies.nth(1).locator('p').first().innerText();
  expect(answer).not.toBe(replacedText);
  const asked = ['When was the Halvor lamp installed?', 'How far can the Halvor beam be seen?'];
  await expect(page.getByTestId('user-message')).toHaveText(asked);

  await page.reload();
  await expect(page.getByTestId('user-message')).toHaveText(asked);
  await expect(replies).toHaveCount(2);
  await expect(replies.nth(1).locator('p').first()).toHaveText(answer);

  // The transcript has what the page shows, with the passages cited.
  const download = page.waitForEvent('download');
  await page.getByTestId('export-conversation').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('When-was-the-Halvor-lamp-installed.md');
  const transcript = readFileSync((await file.path())!, 'utf8');
  for (const question of asked) expect(transcript).toContain(`\n${question}\n`);
  expect(transcript).not.toContain('How many steps does the keeper climb?');
  expect(transcript).toContain('Halvor lighthouse notes — “');
});
