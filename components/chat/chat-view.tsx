'use client';

import { useEffect, useRef } from 'react';
import { ArrowDownIcon } from '@/components/ui/icons';
import { AssistantMessage, preloadMarkdown } from './assistant-message';
import { ChatError } from './chat-error';
import { CollectionPicker } from './collection-picker';
import { Composer } from './composer';
import { EmptyState } from './empty-state';
import { ModelPicker } from './model-picker';
import { Thinking } from './thinking';
import { useAutoScroll } from './use-auto-scroll';
import { useConversation } from './use-conversation';
import { UserMessage } from './user-message';
import { textOf, type ConversationDetail } from './types';

export interface ChatViewProps {
  initialConversation: ConversationDetail | null;
  hasKnowledge: boolean;
  isAdmin: boolean;
  examples: string[];
  /** How a new conversation greets people (the admins' words, or the defaults). */
  welcome: { greeting: string; description: string };
  maxMessageChars: number;
  /** Told the id of a conversation started here, just before the address moves to it. */
  onStarted?: (id: string) => void;
}

/** One conversation on the screen; what it says and does comes from useConversation. */
export function ChatView({
  initialConversation,
  hasKnowledge,
  isAdmin,
  examples,
  welcome,
  maxMessageChars,
  onStarted,
}: ChatViewProps) {
  // A send scrolls to the latest message: useAutoScroll follows the hook's messages, so the hook
  // is handed the jump through a ref.
  const jump = useRef<() => void>(() => {});
  const c = useConversation({ initialConversation, onStarted, onSending: () => jump.current() });
  const { messages, last, busy, idle, pendingText } = c;
  const { ref: scrollRef, pinned, onScroll, jumpToLatest } = useAutoScroll([messages, c.status]);
  useEffect(() => void (jump.current = jumpToLatest));

  useEffect(preloadMarkdown, []);

  // Esc stops a streaming reply from anywhere on the page, unless it closed or cancelled
  // something else there (a dialog, the drawer, a rename, a preview: they prevent its default).
  const stop = c.stop;
  useEffect(() => {
    if (!busy) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented && !document.querySelector('dialog[open]')) stop();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // (said once, under the first reply the built-in model wrote)
  const firstQuoted = messages.find((m) => m.role === 'assistant' && m.metadata?.model?.startsWith('local:'))?.id;
  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scrollRef}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto"
        data-testid="message-scroller"
      >
        {messages.length === 0 && pendingText === null ? (
          <EmptyState
            hasKnowledge={hasKnowledge}
            isAdmin={isAdmin}
            examples={examples}
            welcome={welcome}
            onPick={c.send}
          />
        ) : (
          <div
            className="mx-auto flex max-w-3xl flex-col gap-6 px-4 pb-8 pt-6 sm:px-6"
            aria-live="polite"
            aria-busy={busy}
            data-testid="message-list"
          >
            {messages.map((m) =>
              m.role === 'user' ? (
                <UserMessage
                  key={m.id}
                  message={m}
                  onEdit={idle ? (text) => void c.editQuestion(m.id, text) : undefined}
                  onShowVersion={idle ? c.showVersion : undefined}
                />
              ) : m.role === 'assistant' && (textOf(m) || !busy || m.id !== last?.id) ? (
                <AssistantMessage
                  key={m.id}
                  message={m}
                  streaming={busy && m.id === last?.id}
                  stopped={c.stopped.has(m.id)}
                  onRegenerate={idle ? () => c.retry(m.id) : undefined}
                  onRate={busy && m.id === last?.id ? undefined : (rating, comment) => c.rate(m.id, rating, comment)}
                  onShowVersion={idle ? c.showVersion : undefined}
                  explainsQuoting={m.id === firstQuoted}
                  isAdmin={isAdmin}
                />
              ) : null,
            )}
            {pendingText !== null ? (
              <UserMessage message={{ id: 'pending', role: 'user', parts: [{ type: 'text', text: pendingText }] }} />
            ) : null}
            {c.waitingForWords ? <Thinking /> : c.stoppingEarly ? <Thinking stopping /> : null}
          </div>
        )}
      </div>
      {!pinned ? (
        <button
          type="button"
          onClick={jumpToLatest}
          data-testid="jump-to-latest"
          className="absolute bottom-28 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full border border-border bg-bg px-3 py-1.5 text-xs font-medium shadow-md hover:bg-surface-2"
        >
          <ArrowDownIcon width={14} height={14} /> Jump to latest
        </button>
      ) : null}
      <div className="shrink-0 px-3 pb-3 pt-2 sm:px-6 sm:pb-5">
        {c.error.text ? (
          <div className="mx-auto mb-2 max-w-3xl">
            <ChatError message={c.error.text} gone={c.error.gone} onRetry={c.error.recover} />
          </div>
        ) : null}
        <Composer
          key={c.unsent.n}
          initialText={c.unsent.text}
          busy={busy}
          stopping={c.stoppingEarly}
          maxLength={maxMessageChars}
          onSend={c.send}
          onStop={stop}
        />
        <div className="mx-auto mt-1.5 flex max-w-3xl flex-wrap items-center justify-center gap-x-3 gap-y-1">
          <CollectionPicker selected={c.scope.ids} onChange={(ids) => void c.scope.change(ids)} disabled={busy} />
          <ModelPicker disabled={busy} />
          <p className="text-center text-xs text-muted">
            Answers cite your documents. Check important facts in the source.
          </p>
        </div>
      </div>
    </div>
  );
}
