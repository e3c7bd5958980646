import {
  ADMIN_KEY,
  addMarkdownFile,
  addTextSource,
  ask,
  askSlowly,
  expect,
  paceReplies,
  removeSources,
  test,
  send,
} from './support/fixtures';

// The small things that make the chat feel right: example questions, the
// thinking state, errors that say what to do, copy, and scrolling that
// leaves a reader alone.

const NOTES = [
  'The community garden opens its gates at seven in the morning from April to October.',
  'Each plot holder must water their own beds; the shared hose is by the north shed.',
  'Compost goes in the three green bins behind the greenhouse, never in the paths.',
  'The garden committee meets on the first Tuesday of every month in the greenhouse.',
].join(' ');

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await addTextSource(page, 'Community garden rules', NOTES);
  await page.close();
});

test('an example question sends itself; the thinking state shows before the first words', async ({ visitor }) => {
  const { page } = visitor;
  await page.goto('/');
  const examples = page.getByTestId('example-question');
  await expect(examples.first()).toBeVisible();
  const offered = await examples.allInnerTexts();
  await paceReplies(page, 150);
  const question = await examples.first().innerText();
  await examples.first().click();
  await expect(page.getByTestId('user-message')).toHaveText(question);
  await expect(page.getByTestId('thinking')).toBeVisible();
  await expect(page.getByTestId('assistant-message').first()).toHaveAttribute('data-status', 'streaming');
  await expect(page.getByTestId('thinking')).toBeHidden();
  const reply = page.getByTestId('assistant-message').first();
  await expect(reply.getByTestId('writing-indicator')).toBeVisible();
  // Each example is about a document in the knowledge, newest first, and the default model
  // answers it from there.
  expect(question).toBe('What does “Community garden rules” say?');
  expect(offered.length).toBeGreaterThan(0);
  for (const example of offered) expect(example).toMatch(/^What does “.+” say\?$/);
  await paceReplies(page, null);
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  await expect(reply).toContainText('seven in the morning');
  await expect(reply.getByTestId('source-item')).toContainText(['Community garden rules']);
  // A passage with no headings or pages to say where it is shows what it says: the sentence cited.
  expect(NOTES).toContain(await reply.getByTestId('source-where').innerText());
});

test('a 429 says when to retry, and Retry sends the question again', async ({ visitor }) => {
  const { page } = visitor;
  await page.goto('/');
  // The e2e server's limits are raised for the suite; answer this one send with the API's own 429 shape.
  const tooMany = {
    status: 429,
    headers: { 'content-type': 'application/problem+json', 'retry-after': '17' },
    body: JSON.stringify({
      type: 'about:blank',
      title: 'Too Many Requests',
      status: 429,
      detail: 'Rate limit exceeded.',
    }),
  };
  await page.route('**/api/conversations/*/messages', (route) => route.fulfill(tooMany), { times: 1 });
  await send(page, 'When does the garden open?');
  const error = page.getByTestId('chat-error');
  await expect(error).toContainText('Try again in 17 s');
  await page.getByTestId('retry-button').click();
  await expect(error).toBeHidden();
  const reply = page.getByTestId('assistant-message').first();
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  await expect(reply).toContainText(/seven/);
  await expect(page.getByTestId('user-message')).toHaveCount(1);
  // What is stored matches what was shown: one question, one answer.
  await page.reload();
  await expect(page.getByTestId('user-message')).toHaveText(['When does the garden open?']);
  await expect(page.getByTestId('assistant-message')).toHaveCount(1);

  // Later in the conversation too, Retry sends the question that failed, not the one before it.
  await page.route('**/api/conversations/*/messages', (route) => route.fulfill(tooMany), { times: 1 });
  await send(page, 'Where does compost go?');
  await expect(error).toContainText('Try again in 17 s');
  await page.getByTestId('retry-button').click();
  const asked = ['When does the garden open?', 'Where does compost go?'];
  await expect(page.getByTestId('assistant-message').nth(1)).toContainText('green bins', { timeout: 30_000 });
  await expect(page.getByTestId('user-message')).toHaveText(asked);
  await page.reload();
  await expect(page.getByTestId('user-message')).toHaveText(asked);
  await expect(page.getByTestId('assistant-message')).toHaveCount(2);
  await expect(page.getByTestId('assistant-message').first()).toContainText(/seven/);
});

test('a send that never reaches the server says so, and Retry sends it once it can', async ({ visitor }) => {
  const { page } = visitor;
  await page.goto('/');
  await page.route('**/api/conversations/*/messages', (route) => route.abort('internetdisconnected'), { times: 1 });
  await send(page, 'Who meets on the first Tuesday?');
  const error = page.getByTestId('chat-error');
  // In words, not the browser's own "Failed to fetch".
  await expect(error).toContainText('Could not reach the server. Check your connection.');
  await page.getByTestId('retry-button').click();
  await expect(error).toBeHidden();
  await expect(page.getByTestId('assistant-message').first()).toContainText('committee', { timeout: 30_000 });
  await expect(page.getByTestId('user-message')).toHaveText(['Who meets on the first Tuesday?']);
});

test('copy puts the reply text on the clipboard', async ({ visitor }) => {
  const { page } = visitor;
  await page.goto('/');
  const reply = await ask(page, 'Where does compost go?');
  await reply.getByTestId('copy-reply').click();
  await expect(reply.getByTestId('copy-reply')).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('green bins');
});

test('auto-scroll follows the reply until the reader scrolls up', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 900, height: 520 } });
  const page = await context.newPage();
  await page.goto('/');
  for (const q of ['When does the garden open?', 'Where is the shared hose?', 'Where does compost go?'])
    await ask(page, q);
  const scroller = page.getByTestId('message-scroller');
  const distanceFromBottom = () => scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  expect(await distanceFromBottom()).toBeLessThan(48);

  const reply = await askSlowly(page, 'When does the committee meet?', 200);
  // The reader scrolls up mid-reply: the view stays where they put it.
  await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(page.getByTestId('jump-to-latest')).toBeVisible();
  await page.waitForTimeout(800);
  expect(await scroller.evaluate((el) => el.scrollTop)).toBe(0);
  // "Jump to latest" brings them back and follows again.
  await page.getByTestId('jump-to-latest').click();
  await expect(page.getByTestId('jump-to-latest')).toBeHidden();
  await paceReplies(page, null);
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  await expect.poll(distanceFromBottom).toBeLessThan(48);
  await context.close();
});

test('a Regenerate that writes a shorter reply leaves the view following the bottom: the old reply going is no scroll of the reader’s', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 900, height: 520 } });
  const page = await context.newPage();
  const tools = [
    'Two wheelbarrows for moving soil',
    'Four spades with wooden handles',
    'Three garden forks for turning beds',
    'Hand trowels in the blue crate',
    'Pruning shears on the hooks',
    'Watering cans in three sizes',
  ];
  await addTextSource(
    page,
    'Garden tool shed',
    `The tool shed holds these tools for plot holders:\n\n${tools.map((t) => `- ${t}`).join('\n')}\n\nTools go back to the shed before dark.`,
  );
  await page.goto('/');
  await ask(page, 'When does the garden open?');
  // The whole list, then (asked again) the one other sentence: a much shorter reply.
  const reply = await ask(page, 'What tools are in the tool shed?');
  for (const tool of tools) await expect(reply).toContainText(tool);
  const scroller = page.getByTestId('message-scroller');
  const distanceFromBottom = () => scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await reply.getByTestId('regenerate').click();
  const again = page.getByTestId('assistant-message').last();
  await expect(again).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  await expect(again).toContainText('before dark');
  await expect(again).not.toContainText(tools[0]!);
  await expect.poll(distanceFromBottom).toBeLessThan(48);
  // Still following: no "Jump to latest" with nothing below, and the next reply is followed too.
  await expect(page.getByTestId('jump-to-latest')).toBeHidden();
  await ask(page, 'Where does compost go?');
  await expect(page.getByTestId('jump-to-latest')).toBeHidden();
  await expect.poll(distanceFromBottom).toBeLessThan(48);
  await removeSources(page, /^Garden tool shed/);
  await context.close();
});

test('New chat after a conversation started on the home page opens an empty chat', async ({ visitor }) => {
  const { page } = visitor;
  await page.goto('/');
  await ask(page, 'When does the garden open?');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  // The tab is titled after the conversation.
  await expect(page).toHaveTitle('When does the garden open? · Groundwork');
  const first = page.url();
  await page.getByTestId('new-chat').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await expect(page).toHaveTitle('Groundwork');
  await expect(page.getByTestId('user-message')).toHaveCount(0);
  // The next question starts a conversation of its own; the first keeps its one exchange.
  await ask(page, 'Where does compost go?');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toBe(first);
  await expect(page.getByTestId('user-message')).toHaveText(['Where does compost go?']);
  await page.goto(first);
  await expect(page.getByTestId('user-message')).toHaveText(['When does the garden open?']);
  await expect(page).toHaveTitle('When does the garden open? · Groundwork');
  // And from a conversation opened by its address, too.
  await page.getByTestId('new-chat').click();
  await expect(page.getByTestId('empty-state')).toBeVisible();
});

test('a message over the server’s limit is kept whole and says how much to cut', async ({ visitor }) => {
  const { page } = visitor;
  await page.goto('/');
  const input = page.getByTestId('composer-input');
  await input.fill('x'.repeat(4010)); // MAX_MESSAGE_CHARS is 4,000 on the test server
  await expect(page.getByTestId('composer-count')).toHaveText('10 characters over the 4,000 limit');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  expect((await input.inputValue()).length).toBe(4010);
  await expect(page.getByTestId('send-button')).toBeDisabled();
  await input.press('Enter');
  await expect(page.getByTestId('user-message')).toHaveCount(0);
  await input.fill('x'.repeat(4000));
  await expect(page.getByTestId('composer-count')).toHaveText('4,000 / 4,000');
  await expect(page.getByTestId('send-button')).toBeEnabled();
});

test('a conversation deleted elsewhere offers a new chat, not a Retry that cannot succeed', async ({ visitor }) => {
  const { page } = visitor;
  await page.goto('/');
  await ask(page, 'When does the garden open?');
  const id = page.url().split('/c/')[1]!;
  // Deleted from another tab.
  expect(
    await page.evaluate((c) => fetch(`/api/conversations/${c}`, { method: 'DELETE' }).then((r) => r.status), id),
  ).toBe(204);
  await send(page, 'Where does compost go?');
  await expect(page.getByTestId('chat-error')).toContainText('This conversation no longer exists.');
  await expect(page.getByTestId('retry-button')).toHaveCount(0);
  await page.getByTestId('new-chat-after-error').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await expect(page.getByTestId('chat-error')).toHaveCount(0);
});

test('a citation opens its source where it was cited, and still finds the quoted words once the source has changed', async ({
  visitor,
}) => {
  const { page } = visitor;
  const stamp = Date.now();
  const text = `The bakery ${stamp} bakes rye bread on Thursdays. Its sourdough starter is fed twice a day.`;
  const id = await addTextSource(page, `Bakery ${stamp}`, text);
  await page.goto('/');
  const reply = await ask(page, `Which day does bakery ${stamp} bake rye bread?`);
  const dialog = page.getByTestId('passage-dialog');
  await reply.getByTestId('citation-link').first().click();
  await expect(dialog.getByTestId('passage-highlight')).toContainText('bakes rye bread on Thursdays');
  await expect(dialog).not.toContainText('has changed');
  await expect(dialog.locator('[data-passage]').last()).toContainText('starter is fed twice a day');
  await page.keyboard.press('Escape');

  const replace = async (next: string) => {
    const auth = { authorization: `Bearer ${ADMIN_KEY}` };
    const before = (await (await page.request.get(`/api/knowledge/sources/${id}`, { headers: auth })).json())
      .generation as number;
    expect(
      (await page.request.put(`/api/knowledge/sources/${id}`, { headers: auth, data: { text: next } })).status(),
    ).toBe(202);
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`/api/knowledge/sources/${id}`, { headers: auth })).json()).generation,
        { timeout: 30_000 },
      )
      .toBeGreaterThan(before);
  };

  // A word in front moves the passage by less than its length: the quoted words still fall inside
  // the old range, but the source is a new version, so the old range is not tinted over it.
  await replace(`Updated. ${text}`);
  await reply.getByTestId('citation-link').first().click();
  await expect(dialog.getByTestId('passage-changed')).toContainText(
    'This source has changed since the answer was written.',
  );
  await expect(dialog.getByTestId('passage-highlight')).toContainText('bakes rye bread on Thursdays');
  await expect(dialog.locator('[data-passage]')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The source gains a paragraph in front, longer than the cited passage: the cited place moves
  // past where it was, and the words are found again.
  await replace(`# Bakery\n\n${'Open from six until noon. '.repeat(8)}\n\n${text}`);
  await reply.getByTestId('citation-link').first().click();
  await expect(dialog).toContainText(
    'This source has changed since the answer was written. The cited words are marked below.',
  );
  await expect(dialog.getByTestId('passage-highlight')).toContainText('bakes rye bread on Thursdays');
  await expect(dialog.getByTestId('passage-text')).toContainText('Open from six until noon.');
  await page.keyboard.press('Escape');
  await removeSources(page, new RegExp(`^Bakery ${stamp}`));
});

test('a citation of one row of a long table opens the source at that row, its cells marked', async ({ visitor }) => {
  const { page } = visitor;
  const stamp = Date.now();
  const holder = `Ottoline Wexford ${stamp}`;
  // About twenty rows a chunk: the cited row is near the end of its passage, far below where the passage starts.
  const TABLE_ROW = 30;
  const cells = (i: number) => [
    `P${i + 1}`,
    i === TABLE_ROW ? holder : `Holder ${i + 1}`,
    `${(i % 4) + 1} raised beds`,
    `${['north', 'south', 'east', 'west'][i % 4]} terrace`,
  ];
  const rows = Array.from({ length: 60 }, (_, i) => cells(i)).map(
    ([plot, ...rest]) => `| \`${plot}\` | ${rest.join(' | ')} |`,
  );
  const text = `# Allotment plots\n\nWho holds which plot.\n\n| Plot | Holder | Beds | Terrace |\n| --- | --- | --- | --- |\n${rows.join('\n')}\n`;
  await addMarkdownFile(page, `plots-${stamp}.md`, text);
  await page.goto('/');
  const reply = await ask(page, `Which plot does ${holder} hold?`);
  await reply.getByTestId('citation-link').first().click();
  const dialog = page.getByTestId('passage-dialog');
  const marked = dialog.getByTestId('passage-highlight');
  // Every cell of the row, the plot number in code included, and nothing else.
  await expect(marked).toHaveText(cells(TABLE_ROW));
  await expect(marked.nth(1)).toBeInViewport();
  await page.keyboard.press('Escape');
  await removeSources(page, new RegExp(`plots-${stamp}`));
});

test('a how-to question is answered with the code example of its source, highlighted and ready to copy', async ({
  visitor,
}) => {
  const { page } = visitor;
  const stamp = Date.now();
  const code = `import { scheduleRun } from 'sprinkler';\n\n// Zone ${stamp}: twelve minutes before sunrise.\nscheduleRun({ zone: 'north-beds', at: '06:30', minutes: 12 });`;
  const text = `# Sprinkler controller\n\n## Scheduling\n\nYou can schedule an irrigation run with the \`scheduleRun\` function:\n\n\`\`\`js\n${code}\n\`\`\`\n\nRuns are skipped after a day of rain.\n`;
  await addMarkdownFile(page, `sprinkler-${stamp}.md`, text);
  await page.goto('/');
  const reply = await ask(page, 'How do I schedule an irrigation run?');
  await expect(reply).toContainText('You can schedule an irrigation run with the scheduleRun function');
  const example = reply.getByLabel('js example');
  await expect(example).toHaveText(code);
  await expect(reply.getByTestId('citation-link')).toHaveCount(1);
  await reply.getByRole('button', { name: 'Copy code' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await removeSources(page, new RegExp(`sprinkler-${stamp}`));
});

test('on a phone, a source with a long title and heading path stays within the screen', async ({ browser }) => {
  const setup = await browser.newPage();
  const title = 'Municipal allotment association handbook for members and their households';
  await addTextSource(
    setup,
    title,
    '# Seasonal obligations of every allotment holder\n\n## Winter maintenance of shared irrigation equipment\n\nThe allotment irrigation pumps are drained by the caretaker every November.',
  );
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/');
  await ask(page, 'When are the allotment irrigation pumps drained?');
  const item = page.getByTestId('source-item').first();
  await expect(item).toContainText(title.slice(0, 20));
  const box = (await item.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await context.close();
  await removeSources(setup, /^Municipal allotment association handbook/);
  await setup.close();
});
