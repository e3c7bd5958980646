import { ADMIN_KEY, addTextSource, ask, expect, test } from './support/fixtures';

// The composer's collection picker and a citation of a source its reader may no longer read.
// The picker lists the server's real collections (two made here, public, so a visitor reads them).
const RUN = Date.now().toString(36);
const admin = { authorization: `Bearer ${ADMIN_KEY}` };
let handbook = '';

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await addTextSource(page, `Lantern rules ${RUN}`, `Lanterns (run ${RUN}) are lit at dusk on the east quay.`);
  const collections: [string, string][] = [
    [`Handbook ${RUN}`, 'Company policies'],
    [`Engineering ${RUN}`, 'Runbooks and designs'],
  ];
  for (const [name, description] of collections) {
    const res = await page.request.post('/api/collections', {
      headers: admin,
      data: { name, description, visibility: 'public' },
    });
    expect(res.status()).toBe(201);
    if (name.startsWith('Handbook')) handbook = ((await res.json()) as { id: string }).id;
  }
  await page.close();
});

test('the picker scopes a new conversation; a source no longer readable is said so', async ({ visitor }) => {
  const { page } = visitor;
  await page.goto('/');
  const picker = page.getByTestId('collection-picker');
  await expect(picker).toHaveText(/All collections/);
  await picker.click();
  await page.getByRole('checkbox', { name: new RegExp(`Handbook ${RUN}`) }).check();
  await expect(picker).toHaveText(new RegExp(`Handbook ${RUN}`));
  await expect(picker).toHaveAttribute('aria-expanded', 'true');
  await page.screenshot({ path: 'e2e/screenshots/collection-picker.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('collection-picker-list')).toHaveCount(0);

  // The conversation is created with the scope (the server is sent none here, and answers from
  // everything the visitor may read: the lantern rules are in the default collection).
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
  expect(created).toEqual({ collectionIds: [handbook] });
  await expect(reply.getByTestId('source-restricted').first()).toHaveText(/A source you no longer have access to/);
  await expect(reply.getByTestId('citation-restricted').first()).toHaveAttribute(
    'aria-label',
    /a source you no longer have access to/,
  );
  await expect(reply.getByTestId('source-title')).toHaveCount(0);
  await page.screenshot({ path: 'e2e/screenshots/citation-restricted.png' });
});
