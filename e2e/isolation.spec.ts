import { ask, expect, test } from './support/fixtures';

// Two visitors in separate browser contexts: neither ever sees the other's conversations.
test('two browser contexts never see each other’s conversations', async ({ browser }) => {
  const alice = await browser.newContext();
  const bob = await browser.newContext();
  try {
    const a = await alice.newPage();
    const b = await bob.newPage();

    await a.goto('/');
    await ask(a, 'Alice wonders about the marmalade recipe');
    await expect(a).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
    const aliceUrl = a.url();
    const aliceId = aliceUrl.split('/c/')[1]!;
    await expect(a.getByTestId('conversation-item')).toHaveCount(1);

    await b.goto('/');
    await ask(b, 'Bob asks about bicycle parking');
    await b.goto('/');
    // Bob's sidebar lists only Bob's conversation.
    await expect(b.getByTestId('conversation-item')).toHaveCount(1);
    await expect(b.getByTestId('sidebar')).not.toContainText(/marmalade/i);

    // Bob opening Alice's URL gets the same 404 as a made-up id.
    const res = await b.goto(aliceUrl);
    expect(res?.status()).toBe(404);
    await expect(b.getByRole('heading', { name: 'Nothing here' })).toBeVisible();
    await expect(b.locator('body')).not.toContainText(/marmalade/i);
    const unknown = await b.goto('/c/01900000-0000-7000-8000-000000000000');
    expect(unknown?.status()).toBe(404);

    // And the API behind the page agrees: read, rename, delete and send are all 404 for Bob.
    expect((await b.request.get(`/api/conversations/${aliceId}`)).status()).toBe(404);
    expect((await b.request.patch(`/api/conversations/${aliceId}`, { data: { title: 'mine now' } })).status()).toBe(
      404,
    );
    expect((await b.request.delete(`/api/conversations/${aliceId}`)).status()).toBe(404);
    expect((await b.request.post(`/api/conversations/${aliceId}/messages`, { data: { content: 'hi' } })).status()).toBe(
      404,
    );

    // Alice still has her conversation, untouched.
    await a.reload();
    await expect(a.getByTestId('user-message')).toHaveText('Alice wonders about the marmalade recipe');
    await expect(a.getByTestId('sidebar')).not.toContainText(/bicycle/i);
  } finally {
    await alice.close();
    await bob.close();
  }
});

test('conversations can be renamed and deleted from the sidebar, with confirmation', async ({ visitor }) => {
  const { page } = visitor;
  await page.goto('/');
  await ask(page, 'Where can I leave my bicycle?');
  const item = page.getByTestId('conversation-item').first();
  await item.hover();
  await item.getByTestId('rename-conversation').click();
  await page.getByTestId('rename-input').fill('Bike questions');
  await page.getByTestId('rename-input').press('Enter');
  await expect(page.getByTestId('conversation-item').first()).toContainText('Bike questions');
  await expect(page.getByTestId('chat-title')).toHaveText('Bike questions');
  await page.reload();
  await expect(page.getByTestId('conversation-item').first()).toContainText('Bike questions');
  // Leaving the field keeps what was typed, as Enter does; Esc drops it.
  await page.getByTestId('conversation-item').first().hover();
  await page.getByTestId('rename-conversation').first().click();
  await page.getByTestId('rename-input').fill('Cycling questions');
  await page.getByTestId('composer-input').click();
  await expect(page.getByTestId('conversation-item').first()).toContainText('Cycling questions');
  await page.getByTestId('conversation-item').first().hover();
  await page.getByTestId('rename-conversation').first().click();
  await page.getByTestId('rename-input').fill('Never kept');
  await page.getByTestId('rename-input').press('Escape');
  await expect(page.getByTestId('rename-input')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('conversation-item').first()).toContainText('Cycling questions');

  await page.getByTestId('conversation-item').first().hover();
  await page.getByTestId('delete-conversation').first().click();
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('conversation-item')).toHaveCount(1);
  await page.getByTestId('conversation-item').first().hover();
  await page.getByTestId('delete-conversation').first().click();
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByTestId('conversation-item')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('empty-state')).toBeVisible();
});

test('Back and Forward show a conversation as it is now, and never one deleted since', async ({ visitor }) => {
  const { page } = visitor;
  const open = (text: RegExp) =>
    page.getByTestId('conversation-item').filter({ hasText: text }).getByRole('link').click();
  await page.goto('/');
  await ask(page, 'Where can I leave my bicycle?');
  const bicycle = page.url();
  // A chat started on the home page, and Back to it from a new chat.
  await page.getByTestId('new-chat').click();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(page).toHaveURL(bicycle);
  await expect(page.getByTestId('user-message')).toHaveText(['Where can I leave my bicycle?']);
  await page.goForward();
  await expect(page).toHaveURL(/\/$/);
  await ask(page, 'Is there a good marmalade recipe?');
  const marmalade = page.url();

  // Back to a conversation that has grown since it was last on screen shows all of it.
  await open(/bicycle/i);
  await expect(page).toHaveURL(bicycle);
  await ask(page, 'And where can I leave a scooter?');
  await open(/marmalade/i);
  await expect(page.getByTestId('user-message')).toHaveText(['Is there a good marmalade recipe?']);
  await page.goBack();
  await expect(page).toHaveURL(bicycle);
  await expect(page.getByTestId('user-message')).toHaveText([
    'Where can I leave my bicycle?',
    'And where can I leave a scooter?',
  ]);

  // Deleting the open conversation takes its address out of the history; going back to it elsewhere finds nothing.
  const item = page.getByTestId('conversation-item').filter({ hasText: /bicycle/i });
  await item.hover();
  await item.getByTestId('delete-conversation').click();
  await page.getByTestId('confirm-accept').click();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(page).toHaveURL(marmalade);
  await expect(page.getByTestId('user-message')).toHaveText(['Is there a good marmalade recipe?']);
  await expect(page.getByTestId('sidebar')).not.toContainText(/bicycle/i);
  await page.goBack();
  await expect(page).toHaveURL(bicycle);
  await expect(page.getByRole('heading', { name: 'Nothing here' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/bicycle/i);
});

test('the sidebar lists fifty conversations with Show more, and its search finds them by title or by what was said', async ({
  visitor,
}) => {
  const { page } = visitor;
  await page.goto('/');
  const create = async (title?: string) => {
    const res = await page.request.post('/api/conversations', { data: title ? { title } : {} });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  // The oldest: past the fifty the sidebar lists.
  const oldest = await create('Lighthouse keeping');
  const asked = await create();
  const sent = await page.request.post(`/api/conversations/${asked}/messages`, {
    data: { content: 'Is there a good marmalade recipe?' },
  });
  expect(sent.status()).toBe(200);
  await sent.body();
  for (let i = 0; i < 50; i++) await create(`Filler ${i}`);
  await page.reload();
  const items = page.getByTestId('conversation-item');
  await expect(items).toHaveCount(50);
  await expect(page.getByTestId('conversation-list')).not.toContainText('Lighthouse keeping');

  const search = page.getByTestId('conversation-search');
  await search.fill('lighthouse');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Lighthouse keeping');
  await search.fill('MARMALADE recipe');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Is there a good marmalade recipe?');
  await items.first().click();
  await expect(page).toHaveURL(new RegExp(`/c/${asked}$`));
  await expect(page.getByTestId('user-message')).toHaveText('Is there a good marmalade recipe?');
  // Not among the fifty listed, it still shows its own title, not "New chat".
  const { title } = (await (await page.request.get(`/api/conversations/${asked}`)).json()) as { title: string };
  expect(title).toBeTruthy();
  await expect(page.getByTestId('chat-title')).toHaveText(title);
  // Renamed from the search results, the open conversation's header follows.
  await search.fill('MARMALADE recipe');
  await expect(items).toHaveCount(1);
  await items.first().getByTestId('rename-conversation').click();
  await page.getByTestId('rename-input').fill('Marmalade plans');
  await page.getByTestId('rename-input').press('Enter');
  await expect(items.first()).toContainText('Marmalade plans');
  await expect(page.getByTestId('chat-title')).toHaveText('Marmalade plans');

  await search.fill('nothing says this');
  await expect(page.getByTestId('conversation-list')).toContainText('No conversation mentions “nothing says this”.');
  // Emptied, the box gives the recent conversations back.
  await search.fill('');
  await expect(items).toHaveCount(50);

  // Show more lists the older ones, and they stay listed when one of them is opened.
  await page.getByTestId('more-conversations').click();
  await expect(items).toHaveCount(52);
  await expect(page.getByTestId('more-conversations')).toHaveCount(0);
  await items.filter({ hasText: 'Lighthouse keeping' }).click();
  await expect(page).toHaveURL(new RegExp(`/c/${oldest}$`));
  await expect(page.getByTestId('chat-title')).toHaveText('Lighthouse keeping');
  await expect(items).toHaveCount(52);
});
