import type { Metadata } from 'next';
import Link from 'next/link';
import { Brand } from '@/components/admin/brand';
import { ConnectionsPanel } from '@/components/admin/models/connections-panel';
import { DefaultModelPanel } from '@/components/admin/models/default-model-panel';
import { ModelChoicePanels } from '@/components/admin/models/model-choice-panels';
import { EnvironmentCard } from '@/components/admin/models/environment-card';
import { environmentRows } from '@/components/admin/models/environment';
import { SignInForm } from '@/components/admin/sign-in-form';
import { SignOutButton } from '@/components/admin/sign-out-button';
import { pagePrincipal } from '@/components/server/page-principal';
import { config } from '@/lib/config';

export const metadata: Metadata = { title: 'Models' };

const navLink = 'whitespace-nowrap rounded-lg px-2.5 py-1.5 text-sm hover:bg-surface-2';

// Which models answer: connections to OpenAI-compatible servers and the default chat model, through
// the same /api/models routes a script would use; the environment's settings beside them, read-only.
export default async function ModelsPage() {
  const principal = await pagePrincipal();
  if (principal?.role !== 'admin') {
    return (
      <main className="flex min-h-dvh items-center justify-center px-4">
        <div className="w-full max-w-sm rounded-2xl border border-border bg-surface p-6 shadow-sm">
          <Brand />
          <h1 className="mt-6 text-xl font-semibold">Sign in to manage models</h1>
          <p className="mt-1 text-sm text-muted">Only admins choose the models. Use an admin API key.</p>
          <SignInForm />
          <Link
            href="/sign-in?returnTo=/admin/models"
            className="mt-4 block text-center text-sm text-accent underline underline-offset-2"
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

  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-20 border-b border-border bg-bg/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <Brand />
          <span className="hidden text-sm text-muted sm:inline">/ Models</span>
          <nav className="ml-auto flex items-center gap-2" aria-label="Account">
            <Link href="/admin" className={navLink} data-testid="admin-nav-knowledge">
              Knowledge
            </Link>
            {/* On a phone the brand, which links to the chat too, leaves no room for it. */}
            <Link href="/" className={`hidden sm:inline ${navLink}`}>
              Open chat
            </Link>
            <SignOutButton />
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:px-6" data-testid="models-console">
        <h1 className="text-2xl font-semibold tracking-tight">Models</h1>
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[3fr_2fr]">
          <ConnectionsPanel />
          <div className="min-w-0 space-y-6">
            <DefaultModelPanel />
            <ModelChoicePanels />
            <EnvironmentCard rows={environmentRows(config())} />
          </div>
        </div>
      </main>
    </div>
  );
}
