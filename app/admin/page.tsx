import type { Metadata } from 'next';
import Link from 'next/link';
import { AssistantSettings } from '@/components/admin/assistant-settings';
import { Brand } from '@/components/admin/brand';
import { CollectionsPanel } from '@/components/admin/collections-panel';
import { CrawlsPanel } from '@/components/admin/crawls-panel';
import { GroupsPanel } from '@/components/admin/groups-panel';
import { FeedbackList } from '@/components/admin/feedback-list';
import { KeysManager } from '@/components/admin/keys-manager';
import { KnowledgeUploader } from '@/components/admin/knowledge-uploader';
import { PeoplePanel } from '@/components/admin/people-panel';
import { RetrievalSearch } from '@/components/admin/retrieval-search';
import { SignInForm } from '@/components/admin/sign-in-form';
import { SignOutButton } from '@/components/admin/sign-out-button';
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
      <main className="flex min-h-dvh items-center justify-center px-4">
        <div className="w-full max-w-sm rounded-2xl border border-border bg-surface p-6 shadow-sm">
          <Brand />
          <h1 className="mt-6 text-xl font-semibold">Sign in to manage knowledge</h1>
          <p className="mt-1 text-sm text-muted">Use an admin API key. Anyone can chat without signing in.</p>
          <SignInForm />
          <Link
            href="/sign-in?returnTo=/admin"
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

  const [assistant, chatModel] = await Promise.all([readAssistant(), resolveChatModel()]);
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-20 border-b border-border bg-bg/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <Brand />
          <span className="hidden text-sm text-muted sm:inline">/ Knowledge</span>
          <nav className="ml-auto flex items-center gap-2" aria-label="Account">
            {editor ? null : (
              <Link
                href="/admin/models"
                className="whitespace-nowrap rounded-lg px-2.5 py-1.5 text-sm hover:bg-surface-2"
                data-testid="admin-nav-models"
              >
                Models
              </Link>
            )}
            {/* On a phone the brand, which links to the chat too, leaves no room for it. */}
            <Link
              href="/"
              className="hidden whitespace-nowrap rounded-lg px-2.5 py-1.5 text-sm hover:bg-surface-2 sm:inline"
            >
              Open chat
            </Link>
            <SignOutButton />
          </nav>
        </div>
      </header>
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
