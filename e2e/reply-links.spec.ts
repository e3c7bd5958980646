import { startOpenAIStandin, type Standin } from '../tests/support/openai-standin';
import { standinModelEnv, startOwnServer, type OwnServer } from './support/own-server';
import { ADMIN_KEY, expect, test, ask } from './support/fixtures';

// Checklist 40 in a real browser: a hosted model talked into writing a link that carries the
// conversation out gets no live link, however the link is spelled; a link to an address the
// passages hold stays one. Each spelling below rendered as a live link before the guard parsed links.
const KNOWN = 'https://docs.example.com/guide';
const REPLY = [
  'Backups are kept for thirty days [1].',
  'See [a](https:evil.example/?q=no-slashes),',
  '[b](h&#116;tp://evil.example/?q=entity),',
  '<https:evil.example/?q=autolink>,',
  '[c][r],',
  'www.evil.example/?q=www',
  `and [the guide](${KNOWN}).`,
  '',
  '[r]: https:evil.example/?q=reference',
].join('\n');

let standin: Standin;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  standin = await startOpenAIStandin({ reply: REPLY });
  server = await startOwnServer({
    port: 3216,
    name: 'links',
    env: { ...standinModelEnv(standin), ADMIN_API_KEY: ADMIN_KEY },
  });
  const res = await fetch(`${server.origin}/api/knowledge/sources`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Backups',
      text: `Backups are kept for thirty days. The backup guide is at ${KNOWN}.`,
    }),
  });
  expect(res.status).toBe(202);
  const { id } = (await res.json()) as { id: string };
  await expect
    .poll(
      async () =>
        (
          (await (
            await fetch(`${server.origin}/api/knowledge/sources/${id}`, {
              headers: { authorization: `Bearer ${ADMIN_KEY}` },
            })
          ).json()) as { status: string }
        ).status,
      { timeout: 30_000 },
    )
    .toBe('ready');
});

test.afterAll(async () => {
  await server?.stop();
  await standin?.close();
});

/** Where each link of the reply goes, as the browser resolved it. */
const hrefs = (reply: import('@playwright/test').Locator) =>
  reply.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));

test('a hosted model’s link goes nowhere the passages do not name, however it is spelled, live and stored', async ({
  visitor: { page },
}) => {
  await page.goto(`${server.origin}/`);
  const reply = await ask(page, 'How long are backups kept?');
  await expect(reply).toContainText('the guide');
  for (const shown of [reply, null]) {
    const target = shown ?? (await page.reload(), page.getByTestId('assistant-message').first());
    await expect(target).toContainText('evil.example');
    const live = await hrefs(target);
    expect(live.filter((href) => /evil/i.test(href))).toEqual([]);
    expect(live).toContain(KNOWN);
  }
});
