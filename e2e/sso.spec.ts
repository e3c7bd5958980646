import { startOidcProvider, TEST_CLIENT, type TestProvider } from '../tests/support/oidc-provider';
import { ask, expect, test } from './support/fixtures';
import { startOwnServer, type OwnServer } from './support/own-server';

// Single sign-on in a real browser: a server of its own configured for a real OpenID provider
// (oidc-provider on loopback), whose own login form the person fills in; they land in the chat,
// signed in, and can ask a question.
const PORT = 3211;
const origin = `http://127.0.0.1:${PORT}`;
let provider: TestProvider;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  provider = await startOidcProvider({
    redirectUris: [`${origin}/api/auth/oidc/callback`],
    accounts: {
      ada: { email: 'Ada@Example.com', email_verified: true, name: 'Ada Lovelace', groups: ['engines', 'gw-admins'] },
    },
  });
  server = await startOwnServer({
    port: PORT,
    name: 'sso',
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
      OIDC_ADMIN_GROUPS: 'gw-admins',
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await provider?.close();
});

test("signs in through the provider's login form and lands in the chat, signed in", async ({ visitor: { page } }) => {
  await page.goto(`${origin}/api/auth/oidc/start?returnTo=/`);
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill('ada');
  await page.getByPlaceholder('and password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await expect(page).toHaveURL(`${origin}/`);
  await expect(page.getByTestId('composer-input')).toBeVisible();
  const cookies = await page.context().cookies(origin);
  expect(cookies.find((c) => c.name === 'gw_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  expect(cookies.find((c) => c.name === 'gw_oidc')).toBeUndefined();
  const session = await page.request.get(`${origin}/api/session`);
  expect(session.status()).toBe(200);
  expect(await session.json()).toMatchObject({ principal: { kind: 'user', role: 'admin', name: 'Ada Lovelace' } });

  const reply = await ask(page, 'Hello, who am I talking to?');
  await expect(reply).toHaveAttribute('data-status', 'complete');
});

test('a refused sign-in lands on the sign-in page with the reason, and signs nobody in', async ({
  visitor: { page },
}) => {
  provider.accounts.set('outsider', { email: 'someone@example.com', email_verified: false });
  await page.goto(`${origin}/api/auth/oidc/start?returnTo=/`);
  await page.getByPlaceholder('Enter any login').fill('outsider');
  await page.getByPlaceholder('and password').fill('whatever it is');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(`${origin}/sign-in?error=sso_email`);
  const cookies = await page.context().cookies(origin);
  expect(cookies.find((c) => c.name === 'gw_session')).toBeUndefined();
  expect((await page.request.get(`${origin}/api/session`)).status()).toBe(401);
});
