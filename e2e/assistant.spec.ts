import { ADMIN_KEY, addTextSource, ask, expect, test, watchForScript } from './support/fixtures';

// The admin names the assistant, words its greeting and picks the questions a new conversation
// offers; visitors see it at once. The run id keeps this run's source apart on a reused server.
const RUN = Date.now().toString(36);
const NAME = `Harbour Help ${RUN}`;
const STARTERS = [`When does the Quillon night ferry leave? (${RUN})`, `Can dogs ride the night ferry? (${RUN})`];

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await addTextSource(
    page,
    `Night ferry rules ${RUN}`,
    `The Quillon night ferry (run ${RUN}) leaves the north pier at eleven in the evening. Dogs ride the night ferry on a lead.`,
  );
  await page.close();
});

// Every spec after this one expects the default assistant.
test.afterEach(async ({ request }) => {
  const res = await request.patch('/api/assistant', {
    headers: { authorization: `Bearer ${ADMIN_KEY}` },
    data: { name: null, greeting: null, description: null, starters: null, instructions: null },
  });
  expect(res.status()).toBe(200);
});

test('the admin sets the name, greeting and starter questions; a new conversation shows them and the assistant answers to its name', async ({
  adminPage,
  visitor,
}) => {
  const settings = adminPage.getByTestId('assistant-settings');
  await expect(settings.getByLabel('Name')).toHaveAttribute('placeholder', 'Groundwork');
  // Each field is described by its hint.
  await expect(settings.getByLabel('Starter questions')).toHaveAccessibleDescription(/One per line, up to 6/);
  await expect(settings.getByLabel('Instructions for the chat model')).toHaveAccessibleDescription(
    /does not read instructions/,
  );
  await settings.getByLabel('Name').fill(NAME);
  await settings.getByLabel('Greeting').fill('Ahoy! Ask about the ferries.');
  await settings.getByLabel('Description').fill('Timetables, fares and rules of the Quillon ferries.');
  // Blank lines and spaces around a question do not count.
  await settings.getByLabel('Starter questions').fill(`  ${STARTERS[0]}\n\n${STARTERS[1]}  \n`);
  await settings.getByTestId('assistant-save').click();
  await expect(settings.getByTestId('assistant-saved')).toContainText('Saved');
  await expect(settings.getByLabel('Starter questions')).toHaveValue(STARTERS.join('\n'));
  await expect(settings.getByTestId('assistant-save')).toBeDisabled();

  const { page } = visitor;
  await page.goto('/');
  await expect(page).toHaveTitle(NAME);
  await expect(page.getByTestId('assistant-name')).toHaveText(NAME);
  await expect(page.getByTestId('greeting')).toHaveText('Ahoy! Ask about the ferries.');
  await expect(page.getByTestId('greeting-description')).toHaveText(
    'Timetables, fares and rules of the Quillon ferries.',
  );
  await expect(page.getByTestId('example-question')).toHaveText(STARTERS);

  // A starter is asked as it is, and answered from the knowledge base.
  await page.getByTestId('example-question').nth(1).click();
  const reply = page.getByTestId('assistant-message').first();
  await expect(reply).not.toHaveAttribute('data-status', 'streaming', { timeout: 30_000 });
  await expect(page.getByTestId('user-message').first()).toContainText(STARTERS[1]!);
  await expect(reply).toContainText('Dogs ride the night ferry on a lead');
  await expect(page).toHaveTitle(new RegExp(` · ${NAME}$`));
  await expect(await ask(page, 'Who are you?')).toContainText(`I am ${NAME}, the assistant of this knowledge base.`);

  // Emptied fields go back to their defaults.
  for (const label of ['Name', 'Greeting', 'Description', 'Starter questions'])
    await settings.getByLabel(label).fill('');
  await settings.getByTestId('assistant-save').click();
  await expect(settings.getByTestId('assistant-saved')).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveTitle('Groundwork');
  await expect(page.getByTestId('greeting')).toHaveText('What would you like to know?');
  await expect(page.getByTestId('example-question').first()).toContainText('What does “');
});

test('a save made from an old copy of the settings is refused and offers the newer ones, never overwrites them', async ({
  adminPage,
  browser,
}) => {
  const other = await browser.newContext({ storageState: await adminPage.context().storageState() });
  const second = await other.newPage();
  await second.goto('/admin');
  const mine = adminPage.getByTestId('assistant-settings');
  const theirs = second.getByTestId('assistant-settings');

  await theirs.getByLabel('Greeting').fill('Their greeting');
  await theirs.getByTestId('assistant-save').click();
  await expect(theirs.getByTestId('assistant-saved')).toBeVisible();

  await mine.getByLabel('Greeting').fill('My greeting');
  await mine.getByTestId('assistant-save').click();
  await expect(mine.getByTestId('assistant-error')).toContainText('changed since they were read');
  await mine.getByRole('button', { name: 'Load the current settings' }).click();
  await expect(mine.getByLabel('Greeting')).toHaveValue('Their greeting');
  await expect(mine.getByTestId('assistant-error')).toHaveCount(0);

  // Too many starters are caught before anything is sent.
  await mine.getByLabel('Starter questions').fill(Array.from({ length: 7 }, (_, i) => `Question ${i}?`).join('\n'));
  await expect(mine.getByText('At most 6 questions')).toBeVisible();
  await expect(mine.getByLabel('Starter questions')).toHaveAccessibleDescription(/At most 6 questions/);
  await expect(mine.getByTestId('assistant-save')).toBeDisabled();
  await other.close();
});

test('markup in the name, greeting and starters stays inert text (checklist 34)', async ({ adminPage, visitor }) => {
  const payloads = [
    '<img src=x onerror=alert("xss-img")>',
    '<script>alert("xss-script")</script>',
    '<svg onload=alert("xss-svg")></svg>',
  ];
  const settings = adminPage.getByTestId('assistant-settings');
  await settings.getByLabel('Name').fill(payloads[0]!);
  await settings.getByLabel('Greeting').fill(payloads[1]!);
  await settings.getByLabel('Starter questions').fill(payloads.join('\n'));
  await settings.getByTestId('assistant-save').click();
  await expect(settings.getByTestId('assistant-saved')).toBeVisible();

  const { page } = visitor;
  const events = watchForScript(page);
  await page.goto('/');
  await expect(page.getByTestId('assistant-name')).toHaveText(payloads[0]!);
  await expect(page.getByTestId('greeting')).toHaveText(payloads[1]!);
  await expect(page.getByTestId('example-question')).toHaveText(payloads);
  await expect(page).toHaveTitle(payloads[0]!);
  expect(events).toEqual([]);
  expect(await page.evaluate(() => document.querySelectorAll('main script, svg[onload], img[src="x"]').length)).toBe(0);
});

test('a question people rated good becomes a starter question from the ratings list', async ({
  adminPage,
  visitor,
}) => {
  const { page } = visitor;
  await page.goto('/');
  const good = `When does the Quillon night ferry leave, please? (${RUN})`;
  const bad = `Can dogs ride the Quillon night ferry? (${RUN})`;
  const rated = () =>
    page.waitForResponse((res) => res.url().endsWith('/feedback') && res.request().method() === 'PUT' && res.ok());
  const goodReply = await ask(page, good);
  await Promise.all([rated(), goodReply.getByTestId('rate-up').click()]);
  const badReply = await ask(page, bad);
  await Promise.all([rated(), badReply.getByTestId('rate-down').click()]);

  await adminPage.reload();
  const list = adminPage.getByTestId('feedback-list');
  await list.getByTestId('feedback-filter-all').click();
  // Only a question whose reply was rated good is offered.
  await expect(
    list.getByTestId('feedback-entry').filter({ hasText: bad }).getByTestId('feedback-offer-starter'),
  ).toHaveCount(0);
  await list.getByTestId('feedback-entry').filter({ hasText: good }).getByTestId('feedback-offer-starter').click();

  // It lands in the form, unsaved and in view, after the starters already there.
  const settings = adminPage.getByTestId('assistant-settings');
  const starters = settings.getByLabel('Starter questions');
  await expect(starters).toHaveValue(good);
  await expect(starters).toBeFocused();
  await expect(settings.getByTestId('assistant-starter-added')).toContainText('Save to offer it');
  await list.getByTestId('feedback-entry').filter({ hasText: good }).getByTestId('feedback-offer-starter').click();
  await expect(settings.getByTestId('assistant-starter-added')).toContainText('is already a starter question');
  await expect(starters).toHaveValue(good);
  await settings.getByTestId('assistant-save').click();
  await expect(settings.getByTestId('assistant-saved')).toBeVisible();
  await expect(settings.getByTestId('assistant-starter-added')).toHaveCount(0);

  const fresh = await page.context().newPage();
  await fresh.goto('/');
  await expect(fresh.getByTestId('example-question')).toHaveText([good]);
});
