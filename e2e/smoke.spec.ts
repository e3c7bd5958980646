import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';

/** Every page a person opens first loads cleanly: no console errors, no failed requests. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('response', (res) => {
    if (res.status() >= 500) problems.push(`${res.status()} ${res.url()}`);
  });
  return problems;
}

for (const path of ['/', '/admin', '/docs']) {
  test(`${path} loads without console errors`, async ({ page }) => {
    const problems = watch(page);
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['x-request-id']).toBeTruthy();
    expect(res?.headers()['content-security-policy']).toContain("default-src 'self'");
    await page.waitForLoadState('networkidle');
    await expect(page.locator('h1, h2').first()).toBeVisible();
    expect(problems).toEqual([]);
  });
}

test('a first visit gets an anonymous identity in an httpOnly, SameSite=Lax cookie', async ({ page, context }) => {
  await page.goto('/');
  const cookie = (await context.cookies()).find((c) => c.name === 'gw_visitor');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  const session = await page.request.get('/api/session');
  expect(session.status()).toBe(200);
  expect((await session.json()).principal).toMatchObject({ kind: 'anonymous', role: 'user' });
});

test('the API reference lists both product tags and marks /ask deprecated', async ({ page }) => {
  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 2, name: 'conversations', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'knowledge', exact: true })).toBeVisible();
  await expect(page.locator('[data-testid="docs-operation"]', { hasText: '/api/ask' }).getByText('deprecated', { exact: true })).toBeVisible();
});
