'use client';

import { useChat } from '@ai-sdk/react';
import { useEffect, useRef, useState } from 'react';
import { ApiProblem, apiFetch, describeProblem } from '@/components/client-api';
import { ArrowDownIcon } from '@/components/ui/icons';
import { AssistantMessage, preloadMarkdown } from './assistant-message';
import type { Rating } from './reply-feedback';
import { ChatError, describeChatError, statusOf } from './chat-error';
import { chatTransport, lastRetryAfter } from './chat-transport';
import { Composer } from './composer';
import { replaceConversations, upsertConversation } from './conversations-store';
import { EmptyState } from './empty-state';
import { Thinking } from './thinking';
import { useAutoScroll } from './use-auto-scroll';
import { UserMessage } from './user-message';
import { SIDEBAR_PAGE, textOf, type ChatMessage, type ConversationDetail, type ConversationSummary } from './types';

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

/**
 * One conversation: useChat against POST /api/conversations/{id}/messages,
 * sending only the new message (the server holds the history). On "/" the
 * conversation is created with the first message and the URL becomes /c/{id}.
 */
export function ChatView({
  initialConversation,
  hasKnowledge,
  isAdmin,
  examples,
  welcome,
  maxMessageChars,
  onStarted,
}: ChatViewProps) {
  const conversationId = useRef<string | null>(initialConversation?.id ?? null);
  const [stopped, setStopped] = useState<Set<string>>(new Set());
  const [createError, setCreateError] = useState<string | null>(null);
  // The last reply that finished here (streamed to its end, or stopped), to be read back as stored.
  const [finished, setFinished] = useState<string | null>(null);
  // The first question, shown at once while its conversation is being created.
  const [pending, setPending] = useState<string | null>(null);
  // A Stop pressed before the reply began, being settled with the server (stopBeforeReply).
  const [stoppingEarly, setStoppingEarly] = useState(false);

  const { messages, setMessages, sendMessage, regenerate, stop, status, error, clearError } = useChat<ChatMessage>({
    id: initialConversation?.id,
    messages: initialConversation?.messages ?? [],
    // Opened while a reply is being written (a reload, a second tab): follow it from its start.
    resume: isBeingWritten(initialConversation?.messages.at(-1)),
    transport: chatTransport,
    throttle: 40,
    onFinish: ({ message, isAbort, isError, isDisconnect }) => {
      if (isAbort) setStopped((s) => new Set(s).add(message.id));
      // The stream ended with the server's error part, which useChat stops reading at: the reply as
      // stored has failed (the finish that says so is not read), and it is shown so at once.
      else if (isError && !isDisconnect && message.role === 'assistant' && message.metadata?.status === 'streaming') {
        setMessages((ms) =>
          ms.map((m) => (m.id === message.id ? { ...m, metadata: { ...m.metadata!, status: 'failed' } } : m)),
        );
      }
      // The stored messages carry their versions (an edited question, a regenerated reply); a
      // stopped reply is read again once its stop is stored.
      else if (!isError) setFinished(message.id);
      // The server titles a conversation from its first message: refresh the sidebar.
      apiFetch<{ data: ConversationSummary[]; nextCursor: string | null }>(`/api/conversations?limit=${SIDEBAR_PAGE}`)
        .then((r) => replaceConversations(r.data, r.nextCursor))
        .catch(() => {});
    },
  });

  // The optimistic bubble gives way as soon as useChat shows the real message.
  const pendingText = messages.length === 0 ? pending : null;
  const last = messages[messages.length - 1];
  // A reply another server instance is writing cannot be streamed from here (its stream answered
  // 204): the saved copy is read again until it is done. Stop only stops watching.
  const watching = status === 'ready' && isBeingWritten(last) && !stopped.has(last!.id);
  const busy = status === 'submitted' || status === 'streaming' || pendingText !== null || watching;
  const waitingForWords = busy && (last?.role !== 'assistant' || !textOf(last));
  // Nothing is edited, written again or switched while a reply is written or a Stop is settled.
  const idle = !busy && !stoppingEarly;
  const { ref: scrollRef, pinned, onScroll, jumpToLatest } = useAutoScroll([messages, status]);

  useEffect(preloadMarkdown, []);

  // A question sent from here has useChat's own id until its reply starts and names the stored one:
  // taken over at once, so an Edit or Regenerate right after the reply names the stored question.
  const asked = messages.at(-2);
  const questionId = last?.role === 'assistant' ? last.metadata?.questionId : undefined;
  useEffect(() => {
    if (!questionId || asked?.role !== 'user' || asked.id === questionId) return;
    setMessages((ms) => ms.map((m) => (m === asked ? { ...m, id: questionId } : m)));
  }, [asked, questionId, setMessages]);

  const [polls, setPolls] = useState(0);
  useEffect(() => {
    const id = conversationId.current;
    if (!watching || !id) return;
    const timer = setTimeout(() => {
      apiFetch<ConversationDetail>(`/api/conversations/${id}`)
        .then((c) => setMessages(c.messages))
        .catch(() => setPolls((n) => n + 1));
    }, REREAD_MS);
    return () => clearTimeout(timer);
  }, [watching, messages, polls, setMessages]);

  // Stop ends the reply on the server too (the model call, and the conversation is free at once); the
  // stored reply, with the citations of what was written, then replaces the one on the screen. A reply
  // the server had already finished stays as it was shown, stopped, until the page is read again.
  const stopping = useRef<Promise<void> | null>(null);
  // Stop pressed while the first question's conversation is still being created: it is not sent.
  const cancelled = useRef(false);
  // A question given back to the composer (remounted with it) after its send was stopped.
  const [unsent, setUnsent] = useState<{ text: string; n: number }>({ text: '', n: 0 });
  function stopReply() {
    const id = conversationId.current;
    if (!id || pendingText !== null) cancelled.current = true;
    const replyId = last?.role === 'assistant' ? last.id : undefined;
    if (watching) setStopped((s) => new Set(s).add(last!.id));
    else void stop();
    if (!id) return;
    stopping.current = replyId ? stopOnServer(id, replyId) : stopBeforeReply(id);
  }

  function stopOnServer(id: string, replyId: string) {
    return apiFetch<ChatMessage>(`/api/conversations/${id}/stop`, { method: 'POST', json: { messageId: replyId } })
      .then((stored) => {
        if (stored.metadata?.status === 'stopped')
          setMessages((ms) => ms.map((m) => (m.id === stored.id ? stored : m)));
        setFinished(stored.id);
      })
      .catch(() => {}); // nothing was being written any more: the reply on the screen stands
  }

  // Stopped before the first words: the question may not have reached the server yet, so its
  // reply is not there to stop (409). Asked again for a moment, the stop lands as soon as the
  // reply starts; either way the conversation as stored then replaces the screen's, so what is
  // shown is what the server kept (the question and a stopped reply, or nothing at all). A question
  // that never arrived takes the whole STOP_TRIES to find out: the page says it is stopping meanwhile.
  async function stopBeforeReply(id: string) {
    const shown = last?.id;
    const question = last?.role === 'user' ? textOf(last) : '';
    setStoppingEarly(true);
    for (let tries = 0; tries < STOP_TRIES; tries++) {
      try {
        await apiFetch(`/api/conversations/${id}/stop`, { method: 'POST', json: {} });
        break;
      } catch (e) {
        if (!(e instanceof ApiProblem) || e.status !== 409) break;
        await new Promise((r) => setTimeout(r, STOP_RETRY_MS));
      }
    }
    try {
      const stored = await apiFetch<ConversationDetail>(`/api/conversations/${id}`);
      setMessages((ms) => (ms.at(-1)?.id === shown ? stored.messages : ms));
      // The question never reached the server: it goes back to the composer, to send again.
      if (question && !stored.messages.some((m) => m.role === 'user' && textOf(m) === question))
        setUnsent((u) => ({ text: question, n: u.n + 1 }));
    } catch {
      // The screen keeps what it has.
    }
    setStoppingEarly(false);
  }

  // Esc stops a streaming reply from anywhere on the page, unless it closed or cancelled
  // something else there (a dialog, the drawer, a rename, a preview: they prevent its default).
  useEffect(() => {
    if (!busy) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented && !document.querySelector('dialog[open]')) stopReply();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  async function send(text: string) {
    setCreateError(null);
    clearError();
    await stopping.current; // a reply just stopped must be stored before the next send
    if (!conversationId.current) {
      setPending(text);
      try {
        cancelled.current = false;
        const created = await apiFetch<ConversationDetail>('/api/conversations', { method: 'POST', json: {} });
        if (cancelled.current) {
          // Stopped meanwhile: nothing is sent, the empty conversation goes, the question comes back.
          void apiFetch(`/api/conversations/${created.id}`, { method: 'DELETE' }).catch(() => {});
          setPending(null);
          setUnsent((u) => ({ text, n: u.n + 1 }));
          return;
        }
        conversationId.current = created.id;
        upsertConversation(created);
        onStarted?.(created.id);
        window.history.replaceState(null, '', `/c/${created.id}`);
      } catch (e) {
        setCreateError(describeProblem(e));
        setPending(null);
        return;
      }
    }
    jumpToLatest();
    const body = { conversationId: conversationId.current };
    await sendMessage({ text }, { body });
    setPending(null);
  }

  // The conversation as stored replaces the one on the screen once a reply has finished, unless
  // something else was sent meanwhile (its last message is no longer that reply).
  useEffect(() => {
    const id = conversationId.current;
    if (!finished || !id) return;
    apiFetch<ConversationDetail>(`/api/conversations/${id}`)
      .then((c) =>
        setMessages((ms) => (ms.at(-1)?.id === finished && c.messages.at(-1)?.id === finished ? c.messages : ms)),
      )
      .catch(() => {}); // the screen keeps what was streamed
  }, [finished, setMessages]);

  // Another version's branch: the server moves the conversation there and returns what is on show.
  const [versionError, setVersionError] = useState<string | null>(null);
  function showVersion(messageId: string) {
    const id = conversationId.current;
    if (!id) return;
    setVersionError(null);
    apiFetch<ConversationDetail>(`/api/conversations/${id}`, { method: 'PATCH', json: { messageId } })
      .then((c) => setMessages(c.messages))
      .catch((e: unknown) => setVersionError(describeProblem(e)));
  }

  // An edit of a question: useChat drops it and what follows, and the server answers the new
  // version on a new branch, keeping the old one.
  async function editQuestion(messageId: string, text: string) {
    setCreateError(null);
    clearError();
    await stopping.current;
    jumpToLatest();
    await sendMessage({ text, messageId }, { body: { conversationId: conversationId.current } });
  }

  // A reply written again (`messageId`; the last without it, as Retry does): useChat drops it and
  // what follows, and the server answers its question again on a new branch, keeping the old reply.
  const retry = (messageId?: string) =>
    void regenerate({ messageId, body: { conversationId: conversationId.current } });

  async function rate(messageId: string, rating: Rating | null, comment?: string) {
    const path = `/api/conversations/${conversationId.current}/messages/${messageId}/feedback`;
    await (rating
      ? apiFetch(path, { method: 'PUT', json: { rating, ...(comment ? { comment } : {}) } })
      : apiFetch(path, { method: 'DELETE' }));
  }
  const errorText = createError ?? (error ? describeChatError(error, lastRetryAfter()) : versionError);

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
            onPick={send}
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
                  onEdit={idle ? (text) => void editQuestion(m.id, text) : undefined}
                  onShowVersion={idle ? showVersion : undefined}
                />
              ) : m.role === 'assistant' && (textOf(m) || !busy || m.id !== last?.id) ? (
                <AssistantMessage
                  key={m.id}
                  message={m}
                  streaming={busy && m.id === last?.id}
                  stopped={stopped.has(m.id)}
                  onRegenerate={idle ? () => retry(m.id) : undefined}
                  onRate={busy && m.id === last?.id ? undefined : (rating, comment) => rate(m.id, rating, comment)}
                  onShowVersion={idle ? showVersion : undefined}
                />
              ) : null,
            )}
            {pendingText !== null ? (
              <UserMessage message={{ id: 'pending', role: 'user', parts: [{ type: 'text', text: pendingText }] }} />
            ) : null}
            {waitingForWords ? <Thinking /> : stoppingEarly ? <Thinking stopping /> : null}
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
        {errorText ? (
          <div className="mx-auto mb-2 max-w-3xl">
            <ChatError
              message={errorText}
              gone={!createError && error !== undefined && statusOf(error) === 404}
              onRetry={() => (createError ? setCreateError(null) : error ? retry() : setVersionError(null))}
            />
          </div>
        ) : null}
        <Composer
          key={unsent.n}
          initialText={unsent.text}
          busy={busy}
          stopping={stoppingEarly}
          maxLength={maxMessageChars}
          onSend={send}
          onStop={stopReply}
        />
        <p className="mx-auto mt-1.5 max-w-3xl text-center text-xs text-muted">
          Answers cite your documents. Check important facts in the source.
        </p>
      </div>
    </div>
  );
}

/** How often a reply written elsewhere is read again (its instance saves it every few seconds). */
const REREAD_MS = 1500;

/** How long a stop pressed before the reply began keeps asking: 20 × 150 ms. */
const STOP_TRIES = 20;
const STOP_RETRY_MS = 150;

/** The conversation ends in a reply that is still being written (as stored, or as a replay starts). */
function isBeingWritten(message: ChatMessage | undefined): boolean {
  return message?.role === 'assistant' && message.metadata?.status === 'streaming';
}
