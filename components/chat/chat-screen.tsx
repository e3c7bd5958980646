import type { ChatPageData } from '@/components/server/load-chat-page';
import { ChatTitle } from './chat-title';
import { ConversationSidebar } from './conversation-sidebar';
import { ExportLink } from './export-link';
import { FreshChatView } from './fresh-chat-view';

/** The chat page's frame: sidebar, header, and the conversation. Server component. */
export function ChatScreen({ data, viewKey }: { data: ChatPageData; viewKey: string }) {
  return (
    <div className="flex h-dvh overflow-hidden">
      {/* The message box comes last in the page; the first Tab offers a way straight to it. */}
      <a
        href="#composer-input"
        data-testid="skip-link"
        data-behind-drawer
        className="sr-only rounded-md bg-bg px-3 py-2 text-sm font-medium shadow-md focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50"
      >
        Skip to the message box
      </a>
      <ConversationSidebar
        initialConversations={data.conversations}
        initialCursor={data.conversationsCursor}
        renderId={data.renderId}
        isAdmin={data.isAdmin}
        assistantName={data.assistant.name}
        viewer={data.viewer}
        canSignIn={data.canSignIn}
      />
      <main className="flex min-w-0 flex-1 flex-col" id="main" data-behind-drawer>
        <header className="flex h-14 shrink-0 items-center border-b border-border pl-14 pr-4 md:pl-6">
          <ChatTitle
            initialConversations={data.conversations}
            initialTitle={data.conversation?.title ?? null}
            assistantName={data.assistant.name}
          />
          <ExportLink />
        </header>
        <FreshChatView
          viewKey={viewKey}
          renderId={data.renderId}
          initialConversation={data.conversation}
          hasKnowledge={data.hasKnowledge}
          isAdmin={data.isAdmin}
          examples={data.examples}
          welcome={data.assistant}
          maxMessageChars={data.maxMessageChars}
        />
      </main>
    </div>
  );
}
