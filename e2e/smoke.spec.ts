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
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    // Images only from this origin (and inline data): a reply's markup cannot call out to another host.
    expect(csp.split(/;\s*/)).toContain("img-src 'self' data: blob:");
    expect(csp).not.toMatch(/https?:|\*/);
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
  await expect(
    page.locator('[data-testid="docs-operation"]', { hasText: '/api/ask' }).getByText('deprecated', { exact: true }),
  ).toBeVisible();
});

test('the API reference fits a phone’s width, its longest paths wrapped', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 320, height: 700 } });
  await page.goto('/docs');
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expect(page.getByText('/api/conversations/{id}/messages/{messageId}/feedback').first()).toBeVisible();
  // Names in the descriptions are set as code, not left between backticks.
  const list = page.getByTestId('docs-operation').filter({ hasText: "List the caller's conversations" });
  await expect(list.locator('code', { hasText: /^nextCursor$/ })).not.toHaveCount(0);
  const prose = await page.locator('main').locator('p, td, li').allInnerTexts();
  expect(prose.filter((text) => text.includes('`'))).toEqual([]);
  await page.close();
});

test('a reply streams uncompressed, so each event reaches the client when it is written', async ({ page }) => {
  await page.goto('/');
  const created = await page.request.post('/api/conversations', { data: {} });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const res = await page.request.post(`/api/conversations/${id}/messages`, {
    data: { content: 'hello' },
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/event-stream');
  // The server compresses what it may (the page above); an event stream it must not buffer into gzip blocks.
  expect(res.headers()['content-encoding']).toBeUndefined();
  expect(res.headers()['cache-control']).toContain('no-transform');
  expect(await res.text()).toContain('"type":"finish"');
});

test('paths and methods the server cannot route answer problem+json, not an HTML page or a bare 500', async ({
  request,
}) => {
  for (const [path, status] of [
    ['/api/conversations/%ZZ', 400],
    ['/c/%E0%A4%A', 400],
    ['/api/no/such/endpoint', 404],
    ['/api', 404],
  ] as const) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(status);
    expect(res.headers()['content-type'], path).toBe('application/problem+json');
    expect(res.headers()['x-request-id'], path).toBeTruthy();
    // No path under /api mints a visitor identity: API calls without credentials stay anonymous.
    if (path.startsWith('/api')) expect(res.headers()['set-cookie'], path).toBeUndefined();
  }
  // The same with a body, which Next.js answered with a bare 500 before any of our code ran.
  for (const [method, path] of [
    ['POST', '/api/conversations/%ZZ/messages'],
    ['PATCH', '/api/%C0%AF'],
    ['POST', '/c/%ZZ'],
  ] as const) {
    const res = await request.fetch(path, { method, data: { content: 'hi' } });
    expect(res.status(), `${method} ${path}`).toBe(400);
    expect(res.headers()['content-type'], path).toBe('application/problem+json');
    expect(await res.json(), path).toMatchObject({ status: 400, detail: 'The path is not valid percent-encoding.' });
  }
  // Methods a fetch Request cannot hold: refused before the framework, which would answer a bare 500.
  for (const path of ['/api/knowledge/sources', '/']) {
    const trace = await request.fetch(path, { method: 'TRACE' });
    expect(trace.status(), path).toBe(501);
    expect(trace.headers()['content-type'], path).toBe('application/problem+json');
    expect(trace.headers()['x-request-id'], path).toBeTruthy();
    expect(await trace.json(), path).toMatchObject({
      status: 501,
      detail: 'This server does not support TRACE requests.',
    });
  }
  const options = await request.fetch('/api/knowledge/sources', { method: 'OPTIONS' });
  expect(options.status()).toBe(204);
  expect(options.headers()['allow']).toBe('GET, POST, OPTIONS');
});
