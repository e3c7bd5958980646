import { expect } from 'vitest';
import { prisma } from '@/lib/db';
import { api } from './http';
import { signInAtProvider, TEST_CLIENT, type TestProvider } from './oidc-provider';
import { withSettings } from './with-settings';

/** The redirect URI the app sends (tests/support/http.ts calls it at http://localhost:3000). */
export const APP_CALLBACK = 'http://localhost:3000/api/auth/oidc/callback';

/** Runs `fn` with single sign-on pointed at `provider`, plus any other settings. */
export function withSso<T>(
  provider: TestProvider,
  fn: () => Promise<T>,
  settings: Record<string, string> = {},
): Promise<T> {
  return withSettings(
    {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
      ...settings,
    },
    fn,
  );
}

export interface SignInOptions {
  returnTo?: string;
  /** Changes the authorization request on its way to the provider (an attacker's or a broken client's). */
  tamper?: (authorizationUrl: URL) => void;
  /** Changes the URL the provider sends back before the app sees it. */
  tamperCallback?: (callbackUrl: URL) => void;
  /** Other cookies the browser already has. */
  cookies?: string;
  /** Before the callback is delivered (to let a code expire). */
  beforeCallback?: () => Promise<void>;
}

/** One whole sign-in as a browser does it: start at the app, the provider's login form, back to the app. */
export async function signIn(login: string, options: SignInOptions = {}) {
  const query = options.returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(options.returnTo)}`;
  const start = await api('GET', `/api/auth/oidc/start${query}`, { cookie: options.cookies });
  expect(start.status).toBe(302);
  const flowCookie = start.headers.get('set-cookie')!.split(';')[0]!;
  const authorizationUrl = new URL(start.headers.get('location')!);
  options.tamper?.(authorizationUrl);
  const callbackUrl = new URL(await signInAtProvider(authorizationUrl.href, login));
  options.tamperCallback?.(callbackUrl);
  await options.beforeCallback?.();
  const callbackPath = `${callbackUrl.pathname}${callbackUrl.search}`;
  const cookie = [options.cookies, flowCookie].filter(Boolean).join('; ');
  const callback = await api('GET', callbackPath, { cookie });
  return { callback, flowCookie, authorizationUrl, callbackPath, location: callback.headers.get('location') };
}

/** The `gw_session=…` pair the response sets, if any. */
export function sessionCookieOf(res: Response): string | undefined {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('gw_session=') && c.length > 'gw_session='.length);
}

/** Rows that a refused sign-in must not have created or changed. */
export async function accountRows() {
  const db = await prisma();
  const [users, sessions, groups, memberships, principals] = await Promise.all([
    db.user.count(),
    db.userSession.count(),
    db.group.count(),
    db.groupMember.count(),
    db.principal.count({ where: { kind: 'user' } }),
  ]);
  return { users, sessions, groups, memberships, principals };
}
