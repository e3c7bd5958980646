import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ProviderContext } from 'oidc-provider';

/**
 * A real OpenID provider for the tests: `oidc-provider` on loopback with one confidential
 * client, test accounts whose claims the test can change between sign-ins, PKCE required, and
 * its development login form (any password; the login names the account). `signInAtProvider`
 * fills that form over HTTP as a browser would and returns the URL the provider sends the
 * browser back to.
 */
export interface TestAccount {
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  /** By login name, which is also the subject (`sub`). Change them between sign-ins. */
  accounts: Map<string, TestAccount>;
  /** How long an authorization code lives (seconds, default 60). */
  codeTtlSeconds: number;
  close(): Promise<void>;
}

export const TEST_CLIENT = { id: 'groundwork-test', secret: 'groundwork-test-secret-0123456789abcdef' };
/** Another application at the same provider, with the same redirect URIs: its codes are not ours. */
export const OTHER_CLIENT = { id: 'another-app', secret: 'another-app-secret-0123456789abcdef' };

export async function startOidcProvider({
  redirectUris,
  accounts = {},
  claimsInIdToken = false,
  port = 0,
}: {
  redirectUris: string[];
  accounts?: Record<string, TestAccount>;
  /** Put every claim in the ID token too (Entra ID does with its groups claim); else userinfo has them. */
  claimsInIdToken?: boolean;
  /** A fixed port (a test that needs the provider to come up where one was down); default: any free one. */
  port?: number;
}): Promise<TestProvider> {
  // The issuer names the port, so the server listens before the provider exists.
  const app: { handle?: ReturnType<Provider['callback']> } = {};
  const server: Server = createServer((req, res) => app.handle?.(req, res));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const state: TestProvider = {
    issuer,
    accounts: new Map(Object.entries(accounts)),
    codeTtlSeconds: 60,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const provider = new Provider(issuer, {
    clients: [TEST_CLIENT, OTHER_CLIENT].map(({ id, secret }) => ({
      client_id: id,
      client_secret: secret,
      redirect_uris: redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    async findAccount(_ctx: unknown, sub: string) {
      const account = state.accounts.get(sub);
      return account && { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    conformIdTokenClaims: !claimsInIdToken,
    pkce: { required: () => true },
    ttl: {
      AuthorizationCode: () => state.codeTtlSeconds,
      AccessToken: () => 600,
      IdToken: () => 600,
      Interaction: () => 600,
      Grant: () => 3600,
      Session: () => 3600,
    },
    cookies: { keys: ['test-provider-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    // A company's own provider does not ask its people to consent to its own app: grant at once.
    async loadExistingGrant(ctx: ProviderContext) {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (existing) return existing;
      const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  app.handle = provider.callback();
  return state;
}

/**
 * A browser at the provider: follows redirects with its own cookie jar, signs in with `login`
 * on the login form, and returns the URL the provider redirects to under `callbackPath`
 * (with `code`, `state` and `iss`, or `error`).
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  callbackPath = '/api/auth/oidc/callback',
): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 12; step++) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie } });
    for (const set of res.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(set)) jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.pathname === callbackPath) return next.href;
      [url, init] = [next.href, {}];
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status} at ${url}: ${html.slice(0, 500)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action || !/name="login"/.test(html)) throw new Error(`no login form at ${url}: ${html.slice(0, 500)}`);
    const form = new URLSearchParams({ prompt: 'login', login, password: 'any password' });
    [url, init] = [
      new URL(action.replaceAll('&amp;', '&'), url).href,
      { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    ];
  }
  throw new Error('the provider kept redirecting');
}
