import { test as base, expect, type APIResponse, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { E2E_ADMIN_KEY } from '../../playwright.config';

export { expect };
export const ADMIN_KEY = E2E_ADMIN_KEY;
const asAdmin = { authorization: `Bearer ${ADMIN_KEY}` };

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
 * Paces the reply stream in the page: the real server stream is read as it
 * arrives, then handed to the app one SSE event every `ms` milliseconds, as a
 * slow connection would. The local model answers in a few milliseconds, too
 * fast to watch, stop or photograph mid-answer. Pass null to stop pacing.
 * (Chromium's network throttling was tried first: it delivers a small
 * streamed body in one piece at the end, so nothing is seen streaming.)
 */
export async function paceReplies(page: Page, ms: number | null) {
  await page.addInitScript(installPacing);
  await page.evaluate(installPacing);
  await page.evaluate((value) => ((window as unknown as PacedWindow).__paceMs = value), ms);
}

type PacedWindow = Window & { __paceMs?: number | null; __pacePatched?: boolean };

// Runs inside the page (serialised by Playwright), so it must not use anything from this module.
function installPacing() {
  const w = window as PacedWindow;
  if (w.__pacePatched) return;
  w.__pacePatched = true;
  const original = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await original(input, init);
    const url = typeof input === 'string' ? input : input instanceof Request ? input.url : String(input);
    if (!w.__paceMs || !/\/messages$/.test(url) || !res.ok || !res.body) return res;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    const encoder = new TextEncoder();
    let buffer = '';
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        while (!buffer.includes('\n\n')) {
          const { done, value } = await reader.read();
          if (done) {
            if (buffer) controller.enqueue(encoder.encode(buffer));
            buffer = '';
            controller.close();
            return;
          }
          buffer += decoder.decode(value, { stream: true });
        }
        const end = buffer.indexOf('\n\n') + 2;
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end);
        await new Promise((resolve) => setTimeout(resolve, w.__paceMs || 0));
        controller.enqueue(encoder.encode(event));
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

/** Signs this browser context in as the admin through the sign-in form. */
export async function signInThroughForm(page: Page) {
  await page.goto('/admin');
  await page.getByTestId('admin-key-input').fill(ADMIN_KEY);
  await page.getByTestId('admin-sign-in').click();
  await expect(page.getByTestId('admin-console')).toBeVisible();
}

/** Sends a question from the composer, as a person does: typed, then Enter. */
export async function send(page: Page, question: string) {
  await page.getByTestId('composer-input').fill(question);
  await page.getByTestId('composer-input').press('Enter');
}

/** Sends a question from the composer and waits until its reply is complete. */
export async function ask(page: Page, question: string) {
  const replies = page.getByTestId('assistant-message');
  const before = await replies.count();
  await send(page, question);
  await expect(replies).toHaveCount(before + 1, { timeout: 30_000 });
  const reply = replies.nth(before);
  await expect(reply).not.toHaveAttribute('data-status', 'streaming', { timeout: 30_000 });
  return reply;
}

/** Asks a question with replies paced at `ms` per event (paceReplies): returns its reply, being written. */
export async function askSlowly(page: Page, question: string, ms: number) {
  const replies = page.getByTestId('assistant-message');
  const before = await replies.count();
  await paceReplies(page, ms);
  await send(page, question);
  const reply = replies.nth(before);
  await expect(reply).toHaveAttribute('data-status', 'streaming');
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
  return added(page, await page.request.post('/api/knowledge/sources', { headers: asAdmin, data: { title, text } }));
}

/** Uploads Markdown as a file of that name through the API as the admin and waits until it is ready. */
export async function addMarkdownFile(page: Page, name: string, text: string): Promise<string> {
  return addFile(page, name, 'text/markdown', text);
}

/** Uploads a file through the API as the admin and waits until it is ready. */
export async function addFile(page: Page, name: string, mimeType: string, text: string): Promise<string> {
  const file = { name, mimeType, buffer: Buffer.from(text) };
  return added(page, await page.request.post('/api/knowledge/sources', { headers: asAdmin, multipart: { file } }));
}

/** The id of the source a create request answered with, once it is ready. */
async function added(page: Page, res: APIResponse): Promise<string> {
  expect([200, 202]).toContain(res.status());
  const body = (await res.json()) as { id: string };
  await expect
    .poll(
      async () => {
        const r = await page.request.get(`/api/knowledge/sources/${body.id}`, { headers: asAdmin });
        return ((await r.json()) as { status: string }).status;
      },
      { timeout: 30_000 },
    )
    .toBe('ready');
  return body.id;
}

/** Removes sources whose title or file name matches, so a rerun against a reused server starts clean. */
export async function removeSources(page: Page, match: RegExp) {
  const res = await page.request.get('/api/knowledge/sources?limit=100', { headers: asAdmin });
  const { data } = (await res.json()) as { data: { id: string; title: string; filename?: string | null }[] };
  for (const s of data.filter((s) => match.test(`${s.title} ${s.filename ?? ''}`))) {
    await page.request.delete(`/api/knowledge/sources/${s.id}`, { headers: asAdmin });
  }
}
