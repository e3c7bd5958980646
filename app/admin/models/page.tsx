import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminHeader, AdminSignIn, adminNavLink } from '@/components/admin/admin-chrome';
import { ConnectionsPanel } from '@/components/admin/models/connections-panel';
import { DefaultModelPanel } from '@/components/admin/models/default-model-panel';
import { ModelChoicePanels } from '@/components/admin/models/model-choice-panels';
import { EnvironmentCard } from '@/components/admin/models/environment-card';
import { environmentRows } from '@/components/admin/models/environment';
import { pagePrincipal } from '@/components/server/page-principal';
import { config } from '@/lib/config';

export const metadata: Metadata = { title: 'Models' };

// Which models answer: connections to OpenAI-compatible servers and the default chat model, through
// the same /api/models routes a script would use; the environment's settings beside them, read-only.
export default async function ModelsPage() {
  const principal = await pagePrincipal();
  if (principal?.role !== 'admin') {
    return (
      <AdminSignIn
        heading="Sign in to manage models"
        lead="Only admins choose the models. Use an admin API key."
        returnTo="/admin/models"
      />
    );
  }

  return (
    <div className="min-h-dvh">
      <AdminHeader section="Models">
        <Link href="/admin" className={adminNavLink} data-testid="admin-nav-knowledge">
          Knowledge
        </Link>
      </AdminHeader>
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
