import { addTextSource, ask, expect, test } from './support/fixtures';

// The composer's collection picker and a citation of a source its reader may no longer read.
// The collections list is served by the page's own route here: the picker is about what it sends
// (the conversation's scope) and how it reads, whatever collections exist.
const RUN = Date.now().toString(36);
const HANDBOOK = '0190d0f2-0000-7000-8000-00000000a001';
const ENGINEERING = '0190d0f2-0000-7000-8000-00000000a002';

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await addTextSource(page, `Lantern rules ${RUN}`, `Lanterns (run ${RUN}) are lit at dusk on the east quay.`);
  await page.close();
});

test('the picker scopes a new conversation; a source no longer readable is said so', async ({ visitor }) => {
  const { page } = visitor;
  await page.route('**/api/collections', (route) =>
    route.fulfill({
      json: {
        collections: [
          { id: HANDBOOK, name: 'Handbook', description: 'Company policies', visibility: 'members' },
          { id: ENGINEERING, name: 'Engineering', description: 'Runbooks and designs', visibility: 'groups' },
        ],
      },
    }),
  );
  await page.goto('/');
  const picker = page.getByTestId('collection-picker');
  await expect(picker).toHaveText(/All collections/);
  await picker.click();
  await page.getByRole('checkbox', { name: /Handbook/ }).check();
  await expect(picker).toHaveText(/Handbook/);
  await expect(picker).toHaveAttribute('aria-expanded', 'true');
  await page.screenshot({ path: 'e2e/screenshots/collection-picker.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('collection-picker-list')).toHaveCount(0);

  // The conversation is created with the scope (these ids exist only in this page: the server is
  // sent none, and answers from everything the visitor may read).
  let created: unknown;
  await page.route('**/api/conversations', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    created = route.request().postDataJSON();
    await route.continue({ postData: '{}' });
  });
  // The reply read back after it ends: its citation as a reader who lost access gets it.
  await page.route(/\/api\/conversations\/[0-9a-f-]{36}$/, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as { messages: { parts: { type: string; data?: { n: number } }[] }[] };
    for (const m of body.messages)
      m.parts = m.parts
        .filter((p) => p.type !== 'source-document')
        .map((p) => (p.type === 'data-citation' ? { ...p, data: { n: p.data!.n, restricted: true } } : p));
    await route.fulfill({ response, json: body });
  });
  const reply = await ask(page, `When are the lanterns lit? (${RUN})`);
  expect(created).toEqual({ collectionIds: [HANDBOOK] });
  await expect(reply.getByTestId('source-restricted').first()).toHaveText(/A source you no longer have access to/);
  await expect(reply.getByTestId('citation-restricted').first()).toHaveAttribute(
    'aria-label',
    /a source you no longer have access to/,
  );
  await expect(reply.getByTestId('source-title')).toHaveCount(0);
  await page.screenshot({ path: 'e2e/screenshots/citation-restricted.png' });
});
