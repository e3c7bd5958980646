import Link from 'next/link';
import type { ReactNode } from 'react';
import { Brand } from './brand';
import { SignInForm } from './sign-in-form';
import { SignOutButton } from './sign-out-button';

/** A link in the admin pages' header. */
export const adminNavLink = 'whitespace-nowrap rounded-lg px-2.5 py-1.5 text-sm hover:bg-surface-2';

/** What an admin page shows to someone who may not use it: sign in with an API key, or with an account. */
export function AdminSignIn({ heading, lead, returnTo }: { heading: string; lead: string; returnTo: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-2xl border border-border bg-surface p-6 shadow-sm">
        <Brand />
        <h1 className="mt-6 text-xl font-semibold">{heading}</h1>
        <p className="mt-1 text-sm text-muted">{lead}</p>
        <SignInForm />
        <Link
          href={`/sign-in?returnTo=${returnTo}`}
          className="mt-4 block text-center text-sm text-accent underline underline-offset-2"
          data-testid="admin-account-sign-in"
        >
          Sign in with your account instead
        </Link>
        <Link href="/" className="mt-2 block text-center text-sm text-accent underline underline-offset-2">
          Back to chat
        </Link>
      </div>
    </main>
  );
}

/**
 * The admin pages' sticky header: the brand, the page's name, links to the other admin pages
 * (`children`), the chat and signing out.
 */
export function AdminHeader({ section, children }: { section: string; children?: ReactNode }) {
  return (
    <header className="sticky top-0 z-20 border-b border-border bg-bg/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Brand />
        <span className="hidden text-sm text-muted sm:inline">/ {section}</span>
        <nav className="ml-auto flex items-center gap-2" aria-label="Account">
          {children}
          {/* On a phone the brand, which links to the chat too, leaves no room for it. */}
          <Link href="/" className={`hidden sm:inline ${adminNavLink}`}>
            Open chat
          </Link>
          <SignOutButton />
        </nav>
      </div>
    </header>
  );
}
