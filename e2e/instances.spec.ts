import { startOpenAIStandin, type Standin } from '../tests/support/openai-standin';
import { startWireServer, type WireServer } from '../tests/support/pglite-wire-server';
import { standinModelEnv, startOwnServer, type OwnServer } from './support/own-server';
import { expect, test, send } from './support/fixtures';

// Two servers of the same build on one PostgreSQL database, behind what would be a load balancer:
// the page talks to the first, and its Stop reaches the second. The database is PGlite behind
// the PostgreSQL wire protocol, as in the integration suite's postgres project.
const REPLY = Array.from({ length: 60 }, (_, i) => `word${i + 1}`).join(' ') + ' done.';
let standin: Standin;
let database: WireServer;
let first: OwnServer;
let second: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  standin = await startOpenAIStandin({ reply: REPLY, delayMs: 120 });
  database = await startWireServer();
  const env = { DATABASE_URL: database.url, ...standinModelEnv(standin) };
  first = await startOwnServer({ port: 3213, name: 'first', env });
  second = await startOwnServer({ port: 3214, name: 'second', env });
});

test.afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await database?.stop();
  await standin?.close();
});

test('a Stop that reaches another instance ends the reply at once, and keeps every word that was shown', async ({ visitor: { page } }) => {
  // The balancer sends the stop to the second instance, under the public host both serve.
  const publicHost = new URL(first.origin).host;
  let stoppedBy = '';
  await page.route('**/api/conversations/*/stop', async (route) => {
    const url = new URL(route.request().url());
    const res = await route.fetch({ url: `${second.origin}${url.pathname}`, headers: { ...route.request().headers(), 'x-forwarded-host': publicHost } });
    stoppedBy = second.origin;
    await route.fulfill({ response: res });
  });
  const calls = standin.requests.length;
  await page.goto(`${first.origin}/`);
  await send(page, 'Tell me something long');
  const reply = page.getByTestId('assistant-message').first();
  // Past the first heartbeat (5 s): the words on screen are more than the stored copy holds.
  await expect(reply).toContainText('word45', { timeout: 15_000 });
  const stopCall = page.waitForResponse((r) => r.url().endsWith('/stop') && r.request().method() === 'POST');
  await page.getByTestId('stop-button').click();
  expect((await stopCall).status()).toBe(200);
  expect(stoppedBy).toBe(second.origin);
  await expect(reply).toHaveAttribute('data-status', 'stopped');
  // The first instance heard the stop and closed the model's response well before its next heartbeat.
  await expect.poll(() => standin.requests[calls]?.closedEarly, { timeout: 2_000 }).toBe(true);
  const shown = (await reply.locator('p').first().textContent())!.trim();
  expect(shown).toMatch(/word45/);
  expect(REPLY.startsWith(shown)).toBe(true);

  // Stored as shown, whichever instance reads it back.
  const id = new URL(page.url()).pathname.split('/').pop();
  await page.goto(`${second.origin}/c/${id}`);
  await expect(reply).toHaveAttribute('data-status', 'stopped');
  await expect(reply.locator('p').first()).toHaveText(shown);
});
