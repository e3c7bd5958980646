import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/accounts/auth-card';
import { PasswordSignInForm } from '@/components/accounts/password-sign-in-form';
import { pagePrincipal } from '@/components/server/page-principal';
import { authOptions } from '@/lib/users/auth-options';
import { OIDC_ERROR_CODES } from '@/lib/users/oidc/oidc-refusal';
import { safeReturnTo } from '@/lib/users/safe-return-to';

export const metadata: Metadata = { title: 'Sign in' };

/** What `?error=` codes mean: single sign-on's refusals (lib/users/oidc), and a session that ended. */
const ERRORS: Record<string, string> = {
  ...OIDC_ERROR_CODES,
  expired: 'Your session has ended. Sign in again.',
};
const fallbackError = 'Signing in did not work. Try again.';

// The ways in: single sign-on when configured, email and password when local accounts exist, nothing else.
export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const returnTo = safeReturnTo(params.returnTo);
  const principal = await pagePrincipal();
  if (principal?.kind === 'user') redirect(returnTo);
  const options = await authOptions();
  const errorCode = typeof params.error === 'string' ? params.error : null;
  const error = errorCode ? (ERRORS[errorCode] ?? fallbackError) : null;
  const none = !options.oidc && !options.password;

  return (
    <AuthCard title="Sign in" intro={none ? undefined : 'Sign in to chat with your team’s knowledge.'}>
      {error ? (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger"
          data-testid="sign-in-page-error"
        >
          {error}
        </p>
      ) : null}
      <div className="mt-6 space-y-5">
        {options.oidc ? (
          <a
            href={`/api/auth/oidc/start?returnTo=${encodeURIComponent(returnTo)}`}
            data-testid="sso-sign-in"
            className="flex h-11 w-full items-center justify-center rounded-lg bg-accent px-4 text-sm font-medium text-accent-fg hover:opacity-90"
          >
            Sign in with single sign-on
          </a>
        ) : null}
        {options.oidc && options.password ? (
          <p className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted" aria-hidden="true">
            <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
          </p>
        ) : null}
        {options.password ? <PasswordSignInForm returnTo={returnTo} /> : null}
        {none ? (
          <p className="text-sm text-muted" data-testid="no-sign-in">
            No sign-in is set up here.{' '}
            {options.anonymous ? 'Anyone can chat without an account.' : 'Ask an admin for an invitation.'}
          </p>
        ) : null}
      </div>
      {options.anonymous ? (
        <Link href="/" className="mt-5 block text-center text-sm text-accent underline underline-offset-2">
          Continue without signing in
        </Link>
      ) : null}
    </AuthCard>
  );
}
