import { addTextSource, ask, expect, signInThroughForm, test, watchForScript } from './support/fixtures';

// Markup in a source, a title and a message is shown as text and never runs.
const PAYLOADS = [
  '<script>alert("xss-script")</script>',
  '<img src=x onerror=alert("xss-img")>',
  '<svg onload=alert("xss-svg")></svg>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '[click me](javascript:alert("xss-link"))',
  '![tracker](https://evil.example/pixel.png)',
];
const PAYLOAD = PAYLOADS.join(' ');

async function assertInert(page: import('@playwright/test').Page, events: string[]) {
  // Nothing executed, nothing injected, no foreign image requested.
  expect(events).toEqual([]);
  expect(
    await page.evaluate(
      () => document.querySelectorAll('main script, main iframe, main svg[onload], main img[src="x"]').length,
    ),
  ).toBe(0);
  expect(
    await page.evaluate(
      () =>
        [...document.querySelectorAll('a')].filter((a) => /^\s*javascript:/i.test(a.getAttribute('href') ?? '')).length,
    ),
  ).toBe(0);
  expect(
    await page.evaluate(
      () => [...document.querySelectorAll('img')].filter((i) => !i.src.startsWith(location.origin)).length,
    ),
  ).toBe(0);
}

test('markup in a source, a conversation title and a message stays inert text', async ({ visitor, browser }) => {
  test.setTimeout(120_000);
  const setup = await browser.newPage();
  await addTextSource(
    setup,
    `Quokka facts ${PAYLOADS[1]}`,
    `Quokkas are small marsupials that live on Rottnest Island. ${PAYLOAD} Quokkas are active mostly at night and eat grasses.`,
  );
  await setup.close();

  const { page } = visitor;
  const events = watchForScript(page);
  const foreign: string[] = [];
  page.on('request', (req) => !req.url().startsWith('http://127.0.0.1') && foreign.push(req.url()));

  await page.goto('/');
  // A message full of markup is shown literally.
  const message = `Where do quokkas live? ${PAYLOAD}`;
  const reply = await ask(page, message);
  await expect(page.getByTestId('user-message').first()).toHaveText(message);
  await assertInert(page, events);

  // The reply cites the hostile source: its title and snippet render as text in the list, the preview and the passage view.
  const source = reply.getByTestId('source-item').filter({ hasText: 'Quokka facts' });
  await expect(source).toHaveCount(1);
  await expect(source).toContainText(PAYLOADS[1]!);
  await reply.getByTestId('citation-link').first().focus();
  await expect(page.getByTestId('citation-preview')).toBeVisible();
  await source.click();
  await expect(page.getByTestId('passage-text')).toContainText('<script>alert("xss-script")</script>');
  await assertInert(page, events);
  await page.keyboard.press('Escape');

  // A title made of markup, set through rename, stays text in the sidebar and header.
  await page.getByTestId('conversation-item').first().hover();
  await page.getByTestId('rename-conversation').first().click();
  await page.getByTestId('rename-input').fill(PAYLOADS[1]!);
  await page.getByTestId('rename-input').press('Enter');
  await expect(page.getByTestId('chat-title')).toHaveText(PAYLOADS[1]!);
  await page.reload();
  await expect(page.getByTestId('conversation-item').first()).toContainText(PAYLOADS[1]!);
  await assertInert(page, events);
  expect(foreign).toEqual([]);

  // A rating's comment made of markup, which the admin page shows with the question and reply.
  await page.getByTestId('assistant-message').first().getByTestId('rate-down').click();
  await page.getByTestId('feedback-comment').fill(PAYLOAD);
  await page.getByTestId('feedback-send').click();
  await expect(page.getByTestId('feedback-note')).toBeVisible();

  // The admin page shows the same source title and its text in retrieval results, inert as well.
  const admin = await (await browser.newContext()).newPage();
  const adminEvents = watchForScript(admin);
  await signInThroughForm(admin);
  await expect(admin.getByTestId('source-row').filter({ hasText: 'Quokka facts' })).toContainText(PAYLOADS[1]!);
  await admin.getByTestId('retrieval-query').fill('quokkas Rottnest');
  await admin.getByTestId('retrieval-submit').click();
  await expect(admin.getByTestId('retrieval-result').first()).toContainText('Quokka');
  await assertInert(admin, adminEvents);
  const rated = admin.getByTestId('feedback-entry').filter({ hasText: message });
  await expect(rated.getByTestId('feedback-question')).toHaveText(message);
  await expect(rated.getByTestId('feedback-comment')).toHaveText(PAYLOAD);
  await assertInert(admin, adminEvents);
  await admin.getByTestId('retrieval-open').first().click();
  await expect(admin.getByTestId('passage-text')).toContainText('<script>alert("xss-script")</script>');
  await assertInert(admin, adminEvents);
  await admin.context().close();
});
