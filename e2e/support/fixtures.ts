import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { E2E_ADMIN_KEY } from '../../playwright.config';

export { expect };
export const ADMIN_KEY = E2E_ADMIN_KEY;

/** A real PDF, built in the test: one page per entry, each a list of lines. */
export async function buildPdf(title: string, pages: string[][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    lines.forEach((line, i) => page.drawText(line, { x: 56, y: 780 - i * 18, size: 11, font }));
  }
  return Buffer.from(await doc.save());
}

/** Fails the test if anything on the page opens a dialog or throws: the XSS and "inert" checks. */
export function watchForScript(page: Page): string[] {
  const events: string[] = [];
  page.on('dialog', async (dialog) => {
    events.push(`dialog: ${dialog.message()}`);
    await dialog.dismiss();
  });
  page.on('pageerror', (error) => events.push(`pageerror: ${error.message}`));
  return events;
}

/**
 * Slows the page's downloads through Chromium's own network emulation, so a
 * fast local model's reply visibly streams (and can be stopped) in the test.
 * Pass null to lift the limit.
 */
export async function throttleDownloads(page: Page, bytesPerSecond: number | null) {
  // Let the page's own prefetches finish first, so only the reply is slowed.
  if (bytesPerSecond) await page.waitForLoadState('networkidle');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: bytesPerSecond ? 20 : 0,
    downloadThroughput: bytesPerSecond ?? -1,
    uploadThroughput: -1,
  });
}

/** Signs this browser context in as the admin through the sign-in form. */
export async function signInThroughForm(page: Page) {
  await page.goto('/admin');
  await page.getByTestId('admin-key-input').fill(ADMIN_KEY);
  await page.getByTestId('admin-sign-in').click();
  await expect(page.getByTestId('admin-console')).toBeVisible();
}

/** Sends a question from the composer and waits until its reply is complete. */
export async function ask(page: Page, question: string) {
  const replies = page.getByTestId('assistant-message');
  const before = await replies.count();
  await page.getByTestId('composer-input').fill(question);
  await page.getByTestId('composer-input').press('Enter');
  await expect(replies).toHaveCount(before + 1, { timeout: 30_000 });
  const reply = replies.nth(before);
  await expect(reply).not.toHaveAttribute('data-status', 'streaming', { timeout: 30_000 });
  return reply;
}

interface Fixtures {
  /** An admin browser context, signed in with the admin session cookie. */
  adminPage: Page;
  /** A second, independent visitor (its own cookies). */
  visitor: { context: BrowserContext; page: Page };
}

async function newVisitor(browser: Browser) {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  return { context, page };
}

export const test = base.extend<Fixtures>({
  adminPage: async ({ browser }, provide) => {
    const { context, page } = await newVisitor(browser);
    await signInThroughForm(page);
    await provide(page);
    await context.close();
  },
  visitor: async ({ browser }, provide) => {
    const v = await newVisitor(browser);
    await provide(v);
    await v.context.close();
  },
});

/** Adds a text source through the API as the admin and waits until it is ready. */
export async function addTextSource(page: Page, title: string, text: string): Promise<string> {
  const res = await page.request.post('/api/knowledge/sources', {
    headers: { authorization: `Bearer ${ADMIN_KEY}` },
    data: { title, text },
  });
  expect([200, 202]).toContain(res.status());
  const body = (await res.json()) as { id: string };
  await expect
    .poll(async () => {
      const r = await page.request.get(`/api/knowledge/sources/${body.id}`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
      return ((await r.json()) as { status: string }).status;
    }, { timeout: 30_000 })
    .toBe('ready');
  return body.id;
}
