import { startOpenAIStandin, type Standin } from '../tests/support/openai-standin';
import { standinModelEnv, startOwnServer, type OwnServer } from './support/own-server';
import { expect, test, send } from './support/fixtures';

// A reply that takes seconds, as a hosted model's does, from a second server of the same build
// whose chat model is the stand-in OpenAI server: the page is reloaded, or the reply stopped,
// while the reply is written. (About 8 s: on a loaded machine a reload took longer than a 4 s reply,
// which was then done before the page could show it being written.)
const REPLY = Array.from({ length: 30 }, (_, i) => `word${i + 1}`).join(' ') + ' done.';
let standin: Standin;
let server: OwnServer;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  standin = await startOpenAIStandin({ reply: REPLY, delayMs: 250 });
  server = await startOwnServer({
    port: 3211,
    name: 'resume',
    env: standinModelEnv(standin),
  });
  origin = server.origin;
});

test.afterAll(async () => {
  await server?.stop();
  await standin?.close();
});

async function startSlowReply(page: import('@playwright/test').Page) {
  await page.goto(`${origin}/`);
  await send(page, 'Tell me something long');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  // A few words are on the screen: the reply is being written.
  await expect(page.getByTestId('assistant-message')).toContainText('word3');
  await expect(page.getByTestId('assistant-message')).not.toContainText('done.');
}

test('a reload while a reply is written follows it to the end, without repeating it', async ({ visitor: { page } }) => {
  await startSlowReply(page);
  await page.reload();
  const reply = page.getByTestId('assistant-message');
  await expect(reply.getByTestId('writing-indicator')).toBeVisible();
  await expect(page.getByTestId('stop-button')).toBeVisible();
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  await expect(reply.locator('p').first()).toHaveText(REPLY);
  await expect(page.getByTestId('send-button')).toBeVisible();
  await expect(page.getByTestId('assistant-message')).toHaveCount(1);
});

test('a reply this server cannot stream (another instance writes it) is read again until done', async ({
  visitor: { page },
}) => {
  await startSlowReply(page);
  // As if the reload reached an instance that is not writing the reply.
  let refused = 0;
  await page.route('**/api/conversations/*/stream', (route) => (refused++, route.fulfill({ status: 204 })));
  await page.reload();
  const reply = page.getByTestId('assistant-message');
  // Until its first save the stored reply is empty: "thinking", then the words saved so far.
  await expect(page.getByTestId('thinking').or(reply.getByTestId('writing-indicator'))).toBeVisible();
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  await expect(reply.locator('p').first()).toHaveText(REPLY);
  await expect(page.getByTestId('send-button')).toBeVisible();
  expect(refused).toBe(1);
});

test('Stop ends the reply on the server: what was shown is what is stored, and the next message goes at once', async ({
  visitor: { page },
}) => {
  const calls = standin.requests.length;
  await startSlowReply(page);
  const stopCall = page.waitForResponse((r) => r.url().endsWith('/stop') && r.request().method() === 'POST');
  await page.getByTestId('stop-button').click();
  expect((await stopCall).status()).toBe(200);
  const first = page.getByTestId('assistant-message').first();
  await expect(first).toHaveAttribute('data-status', 'stopped');
  await expect(first.getByTestId('stopped-note')).toBeVisible();
  // The model's response was closed: no more of it is paid for.
  await expect.poll(() => standin.requests[calls]?.closedEarly).toBe(true);
  const shown = await first.locator('p').first().textContent();
  expect(REPLY.startsWith(shown!.trim())).toBe(true);

  // No "a reply is still being written" conflict: the next question is answered.
  await send(page, 'And now the rest');
  const second = page.getByTestId('assistant-message').nth(1);
  await expect(second).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  await expect(second.locator('p').first()).toHaveText(REPLY);
  await expect(page.getByTestId('chat-error')).toHaveCount(0);

  await page.reload();
  await expect(first).toHaveAttribute('data-status', 'stopped');
  await expect(first.getByTestId('stopped-note')).toBeVisible();
  await expect(first.locator('p').first()).toHaveText(shown!);
});

test('a reply that failed before its first word says so, and Regenerate asks again', async ({ visitor: { page } }) => {
  standin.options = { reply: REPLY, delayMs: 0, dieAfterDeltas: 0 }; // the model's connection dies before any text
  try {
    await page.goto(`${origin}/`);
    await send(page, 'Is anyone there?');
    await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('chat-error')).toBeVisible({ timeout: 20_000 });
  } finally {
    standin.options = { reply: REPLY, delayMs: 0 };
  }
  // What is stored: the question, and a reply that failed with no text.
  await page.reload();
  const failed = page.getByTestId('assistant-message');
  await expect(failed).toHaveAttribute('data-status', 'failed');
  await expect(failed.getByTestId('failed-note')).toHaveText('This reply failed before any of it was written.');
  await expect(failed.getByTestId('copy-reply')).toHaveCount(0);
  await failed.getByTestId('regenerate').click();
  await expect(page.getByTestId('assistant-message')).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  await expect(page.getByTestId('assistant-message').locator('p').first()).toHaveText(REPLY);
  await expect(page.getByTestId('user-message')).toHaveText(['Is anyone there?']);
});

test('a reply cut off by a model error says so as it ends, as it does when read again', async ({
  visitor: { page },
}) => {
  standin.options = { reply: REPLY, delayMs: 0, dieAfterDeltas: 5 }; // the model's connection dies part way
  try {
    await page.goto(`${origin}/`);
    await send(page, 'Tell me something long');
    await expect(page.getByTestId('chat-error')).toBeVisible({ timeout: 20_000 });
  } finally {
    standin.options = { reply: REPLY, delayMs: 0 };
  }
  const reply = page.getByTestId('assistant-message');
  await expect(reply).toContainText('word1');
  await expect(reply).toHaveAttribute('data-status', 'failed');
  await expect(reply.getByTestId('failed-note')).toHaveText('This reply failed part way.');
  const shown = await reply.locator('p').first().textContent();

  await page.reload();
  await expect(reply).toHaveAttribute('data-status', 'failed');
  await expect(reply.getByTestId('failed-note')).toHaveText('This reply failed part way.');
  await expect(reply.locator('p').first()).toHaveText(shown!);
});
