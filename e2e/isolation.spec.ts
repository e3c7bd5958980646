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
    expect((await b.request.patch(`/api/conversations/${aliceId}`, { data: { title: 'mine now' } })).status()).toBe(404);
    expect((await b.request.delete(`/api/conversations/${aliceId}`)).status()).toBe(404);
    expect((await b.request.post(`/api/conversations/${aliceId}/messages`, { data: { content: 'hi' } })).status()).toBe(404);

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
