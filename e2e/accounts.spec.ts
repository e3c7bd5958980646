import { ADMIN_KEY, expect, signInThroughForm, test } from './support/fixtures';
import { startOwnServer, type OwnServer } from './support/own-server';

// A person's way in: an admin invites them from the People panel, they set a password through the
// link, land in the chat signed in, and sign out. On a server of its own with ANONYMOUS_ACCESS
// unset, as a fresh install has it: visitors chat until the first account exists, then the chat
// asks them to sign in (the shared server keeps the default for every other spec: no accounts).
test.describe('a fresh install (ANONYMOUS_ACCESS unset)', () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startOwnServer({ port: 3218, name: 'accounts-fresh', env: { ADMIN_API_KEY: ADMIN_KEY } });
  });
  test.afterAll(async () => server?.stop());

  test('an invited person sets a password through the link, lands in the chat signed in, and signs out; the chat then asks visitors to sign in', async ({
    browser,
  }) => {
    const adminContext = await browser.newContext({ baseURL: server.origin });
    const adminPage = await adminContext.newPage();
    // Before any account: a visitor chats with no sign-in.
    await adminPage.goto('/');
    await expect(adminPage.getByTestId('composer-input')).toBeVisible();
    await signInThroughForm(adminPage);
    const visitor = { page: await (await browser.newContext({ baseURL: server.origin })).newPage() };
    const email = `invitee-${Date.now()}@example.com`;
    const panel = adminPage.getByTestId('people-panel');
    await panel.getByTestId('invite-email').fill(email);
    await panel.getByTestId('invite-name').fill('Grace Hopper');
    await panel.getByTestId('invite-submit').click();
    const url = await panel.getByTestId('one-time-link-url').textContent();
    expect(url).toMatch(/\/invitation\/[\w-]{43}$/);
    await expect(panel.getByTestId('person-row').filter({ hasText: email })).toContainText('invited');
    await panel.screenshot({ path: test.info().outputPath('people-panel.png') });

    const { page } = visitor;
    await page.goto(url!);
    await expect(page.getByTestId('invitation-email')).toHaveText(email);
    await page.screenshot({ path: test.info().outputPath('invitation.png') });
    await expect(page.getByTestId('invitation-name')).toHaveValue('Grace Hopper');
    await page.getByTestId('new-password').fill('short');
    await page.getByTestId('new-password-again').fill('short');
    await page.getByTestId('set-password-submit').click();
    await expect(page.getByTestId('set-password-error')).toHaveText('Use at least 12 characters.');
    await page.getByTestId('new-password').fill('a long enough pass phrase');
    await page.getByTestId('new-password-again').fill('a long enough pass phrase');
    await page.getByTestId('set-password-submit').click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('user-menu-name')).toHaveText('Grace Hopper');
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('user-menu-items')).toContainText(email);
    await page.getByTestId('account-link').click();
    await expect(page.getByTestId('account-email')).toHaveText(email);
    await expect(page.getByTestId('session-row')).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath('account.png'), fullPage: true });

    await page.goto('/');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    // An account exists now: with ANONYMOUS_ACCESS unset, the chat asks a visitor to sign in.
    await expect(page).toHaveURL(/\/sign-in\?returnTo=%2F$/);
    await expect(page.getByTestId('sign-in-email')).toBeVisible();
    expect((await page.request.get('/api/account')).status()).not.toBe(200);

    // The link was used: opening it again says so.
    await page.goto(url!);
    await expect(page.getByTestId('invitation-problem')).toContainText('already been used');
    await adminContext.close();
  });
});

test.describe('with anonymous access off', () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startOwnServer({
      port: 3217,
      name: 'accounts',
      env: { ANONYMOUS_ACCESS: 'off', ADMIN_API_KEY: ADMIN_KEY },
    });
  });
  test.afterAll(async () => server?.stop());

  test('the chat sends a visitor to sign in, and back to where they were going afterwards', async ({ browser }) => {
    const invited = await fetch(`${server.origin}/api/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'off@example.com', name: 'Off Person' }),
    });
    const { invitationUrl } = (await invited.json()) as { invitationUrl: string };
    const token = invitationUrl.split('/').at(-1);
    const accepted = await fetch(`${server.origin}/api/invitations/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'another long pass phrase' }),
    });
    expect(accepted.status).toBe(200);

    const context = await browser.newContext();
    const page = await context.newPage();
    const conversation = '0190d0f2-0000-7000-8000-000000000000';
    await page.goto(`${server.origin}/c/${conversation}`);
    await expect(page).toHaveURL(`${server.origin}/sign-in?returnTo=${encodeURIComponent(`/c/${conversation}`)}`);
    await expect(page.getByTestId('sso-sign-in')).toHaveCount(0);
    await page.goto(`${server.origin}/sign-in?returnTo=%2F%2Fevil.example&error=expired`);
    await expect(page.getByTestId('sign-in-page-error')).toHaveText('Your session has ended. Sign in again.');
    await page.getByTestId('sign-in-email').fill('OFF@example.com');
    await page.getByTestId('sign-in-password').fill('wrong password here');
    await page.getByTestId('sign-in-submit').click();
    await expect(page.getByTestId('sign-in-error')).toHaveText('The email or password is not right.');
    await page.screenshot({ path: test.info().outputPath('sign-in.png') });
    await page.getByTestId('sign-in-password').fill('another long pass phrase');
    await page.getByTestId('sign-in-submit').click();
    // `//evil.example` is not followed: the chat of this origin opens.
    await expect(page).toHaveURL(`${server.origin}/`);
    await expect(page.getByTestId('user-menu-name')).toHaveText('Off Person');
    await page.getByTestId('user-menu').click();
    await page.screenshot({ path: test.info().outputPath('chat-user-menu.png') });
    await context.close();
  });
});
