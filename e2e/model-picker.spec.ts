import { startOpenAIStandin, type Standin } from '../tests/support/openai-standin';
import { startOwnServer, type OwnServer } from './support/own-server';
import { ADMIN_KEY, ask, expect, test } from './support/fixtures';

// A model an admin allowed, picked in the chat: the pick writes the replies and survives a reload.
// Its own server: a connected model on the shared one would show the picker in every other spec.
const REPLY = 'Backups are kept for thirty days [1].';
let standin: Standin;
let server: OwnServer;
let picked: string;

const admin = (path: string, method: string, body: unknown) =>
  fetch(`${server.origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  standin = await startOpenAIStandin({ reply: REPLY, models: ['writer-1', 'writer-2'] });
  server = await startOwnServer({ port: 3226, name: 'model-picker', env: { ADMIN_API_KEY: ADMIN_KEY } });
  const source = await admin('/api/knowledge/sources', 'POST', {
    title: 'Backups',
    text: 'Backups are kept for thirty days.',
  });
  expect(source.status).toBe(202);
  const { id } = (await source.json()) as { id: string };
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
  const connection = await admin('/api/models/connections', 'POST', { name: 'Writers', baseUrl: standin.baseUrl });
  expect(connection.status).toBe(201);
  picked = `${((await connection.json()) as { id: string }).id}:writer-2`;
  expect((await admin('/api/models/allowed', 'PUT', { ids: [picked] })).status).toBe(200);
});

test.afterAll(async () => {
  await server?.stop();
  await standin?.close();
});

test('a person picks an allowed model in the chat; it writes the replies, and the pick is remembered', async ({
  visitor: { page },
}) => {
  await page.goto(`${server.origin}/`);
  const picker = page.getByLabel('Model');
  await expect(picker).toHaveValue('local');
  await expect(picker.locator('option')).toHaveText(['local (quotes your documents) (default)', 'Writers / writer-2']);
  await picker.selectOption(picked);
  const reply = await ask(page, 'How long are backups kept?');
  await expect(reply).toContainText('thirty days');
  await expect(reply.getByTestId('reply-model')).toHaveText('writer-2');
  expect(standin.requests.at(-1)?.body).toMatchObject({ model: 'writer-2' });

  await page.goto(`${server.origin}/`);
  await expect(page.getByLabel('Model')).toHaveValue(picked);
  const again = await ask(page, 'And how long again?');
  await expect(again.getByTestId('reply-model')).toHaveText('writer-2');
});
