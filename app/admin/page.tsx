import type { Metadata } from 'next';
import Link from 'next/link';
import { AssistantSettings } from '@/components/admin/assistant-settings';
import { AdminHeader, AdminSignIn, adminNavLink } from '@/components/admin/admin-chrome';
import { CollectionsPanel } from '@/components/admin/collections-panel';
import { CrawlsPanel } from '@/components/admin/crawls-panel';
import { GroupsPanel } from '@/components/admin/groups-panel';
import { FeedbackList } from '@/components/admin/feedback-list';
import { KeysManager } from '@/components/admin/keys-manager';
import { KnowledgeUploader } from '@/components/admin/knowledge-uploader';
import { PeoplePanel } from '@/components/admin/people-panel';
import { RetrievalSearch } from '@/components/admin/retrieval-search';
import { SourcesTable } from '@/components/admin/sources-table';
import { UsagePanel } from '@/components/admin/usage-panel';
import { readSourcesView } from '@/components/admin/sources-view';
import { pagePrincipal } from '@/components/server/page-principal';
import { readAssistant } from '@/lib/assistant/assistant-store';
import { resolveChatModel } from '@/lib/ai/providers/resolve-chat-model';
import { editableCollections } from '@/lib/access';

export const metadata: Metadata = { title: 'Knowledge' };

// The knowledge manager. Everything on it goes through the same /api routes a script would use.
// Admins see all of it; a signed-in member of a collection's editor groups sees only adding and
// managing the sources of the collections they edit (the API refuses them the rest anyway).
export default async function AdminPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const principal = await pagePrincipal();
  const editable = principal && principal.role !== 'admin' ? await editableCollections(principal) : null;
  const editor = editable !== null && (editable.all || editable.collectionIds.length > 0);

  if (principal?.role !== 'admin' && !editor) {
    return (
      <AdminSignIn
        heading="Sign in to manage knowledge"
        lead="Use an admin API key. Anyone can chat without signing in."
        returnTo="/admin"
      />
    );
  }

  const [assistant, chatModel] = await Promise.all([readAssistant(), resolveChatModel()]);
  return (
    <div className="min-h-dvh">
      <AdminHeader section="Knowledge">
        {editor ? null : (
          <Link href="/admin/models" className={adminNavLink} data-testid="admin-nav-models">
            Models
          </Link>
        )}
      </AdminHeader>
      {editor ? (
        <main className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:px-6" data-testid="editor-console">
          <h1 className="text-2xl font-semibold tracking-tight">Knowledge manager</h1>
          <p className="text-sm text-muted">The sources of the collections you edit.</p>
          <KnowledgeUploader />
          <CrawlsPanel editorOnly />
          <SourcesTable initial={readSourcesView(await searchParams)} editorOnly />
        </main>
      ) : (
        <main className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:px-6" data-testid="admin-console">
          <h1 className="text-2xl font-semibold tracking-tight">Knowledge manager</h1>
          <KnowledgeUploader />
          <CrawlsPanel />
          <SourcesTable initial={readSourcesView(await searchParams)} />
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
            <CollectionsPanel />
            <GroupsPanel />
          </div>
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
            <RetrievalSearch />
            <KeysManager />
          </div>
          <PeoplePanel />
          <AssistantSettings initial={assistant} chatModel={chatModel.id} />
          <UsagePanel />
          <FeedbackList />
        </main>
      )}
    </div>
  );
}
