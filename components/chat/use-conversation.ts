'use client';

import { useChat } from '@ai-sdk/react';
import { useEffect, useRef, useState } from 'react';
import { apiFetch, describeProblem } from '@/components/client-api';
import type { Rating } from './reply-feedback';
import { describeChatError, statusOf } from './chat-error';
import { chatTransport, lastRetryAfter } from './chat-transport';
import { replaceConversations, upsertConversation } from './conversations-store';
import { stopBeforeReply, stopOnServer } from './stop-requests';
import { useScope } from './use-scope';
import { SIDEBAR_PAGE, textOf, type ChatMessage, type ConversationDetail, type ConversationSummary } from './types';

/** How often a reply written elsewhere is read again (its instance saves it every few seconds). */
const REREAD_MS = 1500;

/**
 * One conversation's client protocol: useChat against POST /api/conversations/{id}/messages,
 * sending only the new message (the server holds the history); on "/" the conversation is created
 * with the first message and the URL becomes /c/{id}. It follows a reply being written (its
 * stream, or the stored copy another instance saves), stops replies on the server, writes
 * questions and replies again as new versions, and reads the conversation back as stored once a
 * reply finishes. The view only renders what it returns.
 */
export function useConversation({
  initialConversation,
  onStarted,
  onSending,
}: {
  initialConversation: ConversationDetail | null;
  /** Told the id of a conversation started here, just before the address moves to it. */
  onStarted?: (id: string) => void;
  /** A question is about to be sent (the view scrolls to it). */
  onSending?: () => void;
}) {
  const conversationId = useRef<string | null>(initialConversation?.id ?? null);
  const scope = useScope(initialConversation?.collectionIds ?? [], conversationId);
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

  // A stop being settled with the server: the next send waits for the stopped reply to be stored.
  const stopping = useRef<Promise<void> | null>(null);
  // Stop pressed while the first question's conversation is still being created: it is not sent.
  const cancelled = useRef(false);
  // A question given back to the composer (remounted with it) after its send was stopped.
  const [unsent, setUnsent] = useState<{ text: string; n: number }>({ text: '', n: 0 });
  const giveBack = (text: string) => setUnsent((u) => ({ text, n: u.n + 1 }));

  function stopReply() {
    const id = conversationId.current;
    if (!id || pendingText !== null) cancelled.current = true;
    const replyId = last?.role === 'assistant' ? last.id : undefined;
    if (watching) setStopped((s) => new Set(s).add(last!.id));
    else void stop();
    if (!id) return;
    stopping.current = replyId
      ? stopOnServer({ conversationId: id, replyId, setMessages, onStored: setFinished })
      : (async () => {
          setStoppingEarly(true);
          await stopBeforeReply({ conversationId: id, last, setMessages, onUnsent: giveBack });
          setStoppingEarly(false);
        })();
  }

  async function send(text: string) {
    setCreateError(null);
    clearError();
    await stopping.current; // a reply just stopped must be stored before the next send
    if (!conversationId.current) {
      setPending(text);
      try {
        cancelled.current = false;
        const created = await apiFetch<ConversationDetail>('/api/conversations', {
          method: 'POST',
          json: scope.ids.length ? { collectionIds: scope.ids } : {},
        });
        if (cancelled.current) {
          // Stopped meanwhile: nothing is sent, the empty conversation goes, the question comes back.
          void apiFetch(`/api/conversations/${created.id}`, { method: 'DELETE' }).catch(() => {});
          setPending(null);
          giveBack(text);
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
    onSending?.();
    const body = { conversationId: conversationId.current };
    await sendMessage({ text }, { body });
    setPending(null);
  }

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
    onSending?.();
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

  return {
    messages,
    status,
    /** The first question, shown while its conversation is created; null otherwise. */
    pendingText,
    last,
    /** A reply is on its way (sent, streaming, or written elsewhere and watched). */
    busy,
    /** Nothing is edited, written again or switched while a reply is written or a Stop is settled. */
    idle: !busy && !stoppingEarly,
    waitingForWords: busy && (last?.role !== 'assistant' || !textOf(last)),
    stoppingEarly,
    /** Replies stopped from here (shown as stopped until read back). */
    stopped,
    unsent,
    /** The collections the conversation answers from (empty: all the person may read). */
    scope,
    error: {
      text: createError ?? (error ? describeChatError(error, lastRetryAfter()) : (versionError ?? scope.error)),
      gone: !createError && error !== undefined && statusOf(error) === 404,
      recover: () => (createError ? setCreateError(null) : error ? retry() : setVersionError(null)),
    },
    send,
    stop: stopReply,
    editQuestion,
    retry,
    rate,
    showVersion,
  };
}

/** The conversation ends in a reply that is still being written (as stored, or as a replay starts). */
function isBeingWritten(message: ChatMessage | undefined): boolean {
  return message?.role === 'assistant' && message.metadata?.status === 'streaming';
}
