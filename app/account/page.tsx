import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { AccountSessions } from '@/components/accounts/account-sessions';
import { OwnKeys } from '@/components/accounts/own-keys';
import { pagePrincipal } from '@/components/server/page-principal';
import { Badge } from '@/components/ui/badge';
import { listAccountSessions } from '@/lib/users/account-sessions';
import { findUser } from '@/lib/users/user-records';

export const metadata: Metadata = { title: 'Your account' };

// My account: who I am, where I am signed in, and my API keys.
export default async function AccountPage() {
  const principal = await pagePrincipal();
  if (principal?.kind !== 'user') redirect('/sign-in?returnTo=/account');
  const user = await findUser(principal.id);
  if (!user) notFound();
  const sessions = await listAccountSessions(user.id, principal.sessionId);

  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-20 border-b border-border bg-bg/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-3xl items-center gap-3 px-4 sm:px-6">
          <Link href="/" className="flex items-center gap-2 text-[15px] font-semibold">
            <span aria-hidden="true" className="inline-block h-6 w-6 rounded-md bg-accent" />
            Groundwork
          </Link>
          <span className="hidden text-sm text-muted sm:inline">/ Account</span>
          <Link href="/" className="ml-auto whitespace-nowrap rounded-lg px-2.5 py-1.5 text-sm hover:bg-surface-2">
            Back to chat
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:px-6" data-testid="account-page">
        <section aria-labelledby="me-heading">
          <h1 id="me-heading" className="text-2xl font-semibold tracking-tight" data-testid="account-name">
            {user.name ?? user.email}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
            <span data-testid="account-email">{user.email}</span>
            <Badge tone={user.role === 'admin' ? 'accent' : 'neutral'}>{user.role}</Badge>
            {user.sso ? <Badge>single sign-on</Badge> : null}
          </p>
        </section>
        <AccountSessions initial={sessions} />
        <OwnKeys />
      </main>
    </div>
  );
}
