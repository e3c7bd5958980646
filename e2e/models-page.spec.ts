import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { startOllamaStandin } from '../tests/support/ollama-standin';
import { startOpenAIStandin, type Standin } from '../tests/support/openai-standin';
import { standinModelEnv, startOwnServer, type OwnServer } from './support/own-server';
import { ADMIN_KEY, ask, expect, test } from './support/fixtures';
import { seriousViolations } from './support/axe';

// The admin Models page in a real browser, on servers of its own (a default model chosen here must
// not reach the shared server's other specs): connections to stand-in OpenAI-compatible servers,
// working and failing, the default chat model, and the environment's settings read-only.

const KEY = 'sk-standin-e2e-key-0000-7777';
const WRONG_KEY = 'sk-wrong-e2e-key-0000-4321';
const REPLY = 'The stand-in model wrote this answer [1].';

/** Signs in on `origin` through the Models page's own sign-in form. */
async function signIn(page: Page, origin: string, path = '/admin/models') {
  await page.goto(`${origin}${path}`);
  await page.getByTestId('admin-key-input').fill(ADMIN_KEY);
  await page.getByTestId('admin-sign-in').click();
}

const row = (page: Page, name: string) => page.locator(`[data-testid="connection-row"][data-name="${name}"]`);

async function addConnection(page: Page, c: { name: string; baseUrl: string; apiKey?: string }) {
  await page.getByTestId('connection-name').fill(c.name);
  await page.getByTestId('connection-base-url').fill(c.baseUrl);
  await page.getByTestId('connection-wire-api').selectOption('chat');
  await page.getByTestId('connection-api-key').fill(c.apiKey ?? '');
  await page.getByTestId('connection-add').click();
  await expect(row(page, c.name)).toBeVisible();
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test.describe('connections chosen at run time', () => {
  let standin: Standin;
  let refusing: Standin;
  let ollama: Awaited<ReturnType<typeof startOllamaStandin>>;
  let server: OwnServer;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    standin = await startOpenAIStandin({ reply: REPLY, models: ['gpt-standin', 'standin-mini'] });
    refusing = await startOpenAIStandin({ status: 401 });
    ollama = await startOllamaStandin();
    server = await startOwnServer({
      port: 3219,
      name: 'models-page',
      env: { ADMIN_API_KEY: ADMIN_KEY, OLLAMA_URL: ollama.url, MODEL_TEST_TIMEOUT_MS: '5000' },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await Promise.all([standin?.close(), refusing?.close(), ollama?.close()]);
  });

  test('an admin connects a server, tests it, makes its model the default, and it answers in the chat', async ({
    visitor: { page },
  }) => {
    test.setTimeout(90_000);
    // From the knowledge manager's header to the Models page, and back.
    await signIn(page, server.origin, '/admin');
    await expect(page.getByTestId('admin-console')).toBeVisible();
    await page.getByTestId('admin-nav-models').click();
    await expect(page.getByTestId('models-console')).toBeVisible();
    await expect(page).toHaveURL(`${server.origin}/admin/models`);
    await expect(page.getByTestId('admin-nav-knowledge')).toHaveAttribute('href', '/admin');

    // The Ollama found at OLLAMA_URL is offered, not used.
    const found = row(page, 'Ollama');
    await expect(found.getByTestId('connection-suggested')).toBeVisible();
    await expect(found).toContainText('Found on this machine. Enable to use it.');
    await expect(found.getByTestId('connection-enabled')).toHaveAttribute('aria-checked', 'false');

    // A base URL the API refuses is said next to its field.
    await page.getByTestId('connection-name').fill('Not HTTP');
    await page.getByTestId('connection-base-url').fill('ftp://models.example/v1');
    await page.getByTestId('connection-add').click();
    await expect(page.getByTestId('connection-add-error')).toHaveText('Not saved: check Base URL.');
    await expect(page.getByTestId('connection-add-form').getByTestId('field-error')).toHaveText(
      'must be an http or https URL',
    );

    await addConnection(page, { name: 'Stand-in', baseUrl: standin.baseUrl, apiKey: KEY });
    const added = row(page, 'Stand-in');
    await expect(added.getByTestId('connection-key')).toHaveText(`••••${KEY.slice(-4)}`);
    await expect(added).toContainText('Chat completions');
    await expect(added.getByTestId('connection-enabled')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('connection-api-key')).toHaveValue('');

    await added.getByTestId('connection-test').click();
    const result = added.getByTestId('connection-result');
    await expect(result).toContainText(/Works: gpt-standin answered in \d+ ms; 2 models listed\./);
    await expect(result.getByTestId('connection-model')).toHaveText(['gpt-standin', 'standin-mini']);
    await expect(page.getByTestId('default-model-select')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // The stored key went to the server it was given for.
    expect(standin.requests.some((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);

    await added.getByTestId('connection-show-models').click();
    await expect(added.getByTestId('connection-show-models')).toHaveAttribute('aria-expanded', 'true');
    await expect(added.getByTestId('connection-model')).toHaveText(['gpt-standin', 'standin-mini']);
    // A listed model tested by name, not the first one listed.
    await added.getByTestId('connection-model-test').nth(1).click();
    await expect(result).toContainText(/Works: standin-mini answered in \d+ ms/);
    expect(standin.requests.some((r) => r.path === '/v1/chat/completions' && r.body.model === 'standin-mini')).toBe(
      true,
    );
    await added.getByTestId('connection-show-models').click();
    await expect(added.getByTestId('connection-show-models')).toHaveAttribute('aria-expanded', 'true');
    await added.getByTestId('connection-show-models').click();
    await expect(added.getByTestId('connection-result')).toHaveCount(0);

    // Its model as the default chat model, saved without a restart.
    await page.getByTestId('default-model-select').selectOption({ label: 'Stand-in / standin-mini' });
    await page.getByTestId('default-model-save').click();
    await expect(page.getByTestId('default-model-saved')).toHaveText(
      'Saved: new replies come from Stand-in / standin-mini.',
    );
    await page.reload();
    await expect(page.getByTestId('default-model-select').locator('option:checked')).toHaveText(
      'Stand-in / standin-mini',
    );
    await expect(page.locator('body')).not.toContainText(KEY);

    // A question in the chat is now answered by that model.
    const source = await page.request.post(`${server.origin}/api/knowledge/sources`, {
      headers: { authorization: `Bearer ${ADMIN_KEY}` },
      data: { title: 'Lighthouse', text: 'The lighthouse lamp is lit at dusk and put out at dawn.' },
    });
    expect(source.status()).toBe(202);
    const { id } = (await source.json()) as { id: string };
    await expect
      .poll(
        async () =>
          (
            (await (
              await page.request.get(`${server.origin}/api/knowledge/sources/${id}`, {
                headers: { authorization: `Bearer ${ADMIN_KEY}` },
              })
            ).json()) as { status: string }
          ).status,
        { timeout: 30_000 },
      )
      .toBe('ready');
    await page.goto(`${server.origin}/`);
    const reply = await ask(page, 'When is the lighthouse lamp lit?');
    await expect(reply).toContainText('The stand-in model wrote this answer');
    // (streamed: the connection test asked the same model, but whole)
    const streamed = standin.requests.filter((r) => r.path === '/v1/chat/completions' && r.body.stream === true);
    expect(streamed.map((r) => r.body.model)).toContain('standin-mini');
  });

  test('a connection nothing answers, or that refuses its key, says so clearly and never shows the key', async ({
    visitor: { page },
  }) => {
    test.setTimeout(90_000);
    await signIn(page, server.origin);
    await expect(page.getByTestId('models-console')).toBeVisible();

    await addConnection(page, { name: 'Nowhere', baseUrl: `http://127.0.0.1:${await closedPort()}/v1` });
    await expect(row(page, 'Nowhere').getByTestId('connection-key')).toHaveText('no key');
    await row(page, 'Nowhere').getByTestId('connection-test').click();
    await expect(row(page, 'Nowhere').getByRole('alert')).toHaveText(
      /^Could not reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\)\.$/,
    );

    // The refusing server echoes the key in its error body: none of it reaches the page.
    await addConnection(page, { name: 'Wrong key', baseUrl: refusing.baseUrl, apiKey: WRONG_KEY });
    await row(page, 'Wrong key').getByTestId('connection-test').click();
    const refused = row(page, 'Wrong key').getByTestId('connection-error');
    await expect(refused).toHaveText(/answered GET \/models with 401: check the API key\./);
    await expect(refused).toHaveAttribute('role', 'alert');
    await row(page, 'Wrong key').getByTestId('connection-show-models').click();
    await expect(refused).toHaveText(/401: check the API key/);

    // The default-model panel names the enabled connections offering nothing, and why.
    const unavailable = page.getByTestId('default-model-unavailable');
    await expect(unavailable).toContainText(/Nowhere: Could not reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
    await expect(unavailable).toContainText(/Wrong key: .*401: check the API key/);
    await expect(page.locator('body')).not.toContainText(WRONG_KEY);

    // Edit: the key field is write-only, never filled in with the stored key.
    await row(page, 'Wrong key').getByTestId('connection-edit').click();
    const dialog = page.getByTestId('connection-edit-dialog');
    await expect(dialog.getByTestId('edit-name')).toHaveValue('Wrong key');
    await expect(dialog.getByTestId('edit-api-key')).toHaveCount(0);
    await dialog.getByTestId('edit-key-replace').check();
    await expect(dialog.getByTestId('edit-api-key')).toHaveValue('');
    await dialog.getByTestId('edit-api-key').fill('sk-replaced-e2e-key-000-9999');
    await dialog.getByTestId('edit-name').fill('Replaced key');
    await dialog.getByTestId('connection-edit-save').click();
    await expect(dialog).toBeHidden();
    await expect(row(page, 'Replaced key').getByTestId('connection-key')).toHaveText('••••9999');

    // Delete, after a confirmation.
    await row(page, 'Nowhere').getByTestId('connection-delete').click();
    await expect(page.getByTestId('confirm-dialog')).toContainText('Delete “Nowhere”?');
    await page.getByTestId('confirm-accept').click();
    await expect(row(page, 'Nowhere')).toHaveCount(0);

    // Enabling the suggestion, from the keyboard, makes it an ordinary connection (this stand-in has no
    // /v1: it is named unavailable); the switch keeps the focus.
    const toggle = row(page, 'Ollama').getByTestId('connection-enabled');
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(toggle).toBeFocused();
    await expect(row(page, 'Ollama').getByTestId('connection-suggested')).toHaveCount(0);
    await expect(unavailable).toContainText(/Ollama: .*404/);
  });
});

test.describe('models the environment chooses', () => {
  let standin: Standin;
  let server: OwnServer;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    standin = await startOpenAIStandin();
    server = await startOwnServer({
      port: 3220,
      name: 'models-env',
      env: { ADMIN_API_KEY: ADMIN_KEY, ...standinModelEnv(standin), OLLAMA_URL: 'off' },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await standin?.close();
  });

  test('CHAT_MODEL is shown read-only, the environment card shows hosts and not keys, and it fits a phone', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const page = await context.newPage();
    await signIn(page, server.origin);
    await expect(page.getByTestId('models-console')).toBeVisible();

    const select = page.getByTestId('default-model-select');
    await expect(select).toBeDisabled();
    await expect(select.locator('option:checked')).toHaveText('openai:standin-model');
    await expect(page.getByTestId('default-model-env')).toContainText(
      'Set by CHAT_MODEL in the environment; unset it to choose here.',
    );
    await expect(page.getByTestId('default-model-save')).toHaveCount(0);

    await expect(page.getByTestId('environment-CHAT_MODEL')).toHaveText('openai:standin-model');
    await expect(page.getByTestId('environment-OPENAI_BASE_URL')).toHaveText(new URL(standin.baseUrl).host);
    await expect(page.getByTestId('environment-OPENAI_API_KEY')).toHaveText('set');
    await expect(page.getByTestId('environment-OLLAMA_URL')).toHaveText('off');
    await expect(page.getByTestId('environment-EMBEDDING_MODEL')).toHaveText('local');
    const key = standinModelEnv(standin).OPENAI_API_KEY!;
    expect(await page.content()).not.toContain(key);

    // Nothing wider than the phone's screen, and nothing axe finds serious, in the dark theme.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByTestId('connections-list')).toContainText('No connections yet');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
