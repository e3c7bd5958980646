'use client';

import { lazy, Suspense, useState } from 'react';
import { CheckIcon, CopyIcon, RefreshIcon } from '@/components/ui/icons';
import { PassageDialog } from './passage-dialog';
import { ReplyFeedback, type Rating } from './reply-feedback';
import { SourceList } from './source-list';
import { citationsOf, isRestricted, searchedForOf, textOf, type ChatMessage } from './types';
import { VersionSwitch } from './version-switch';

// The Markdown stack (react-markdown, remark-gfm, micromark) is the largest
// piece of the chat's JavaScript; loading it on demand keeps it out of the
// first load. ChatView preloads it, so it is normally there before a reply.
const Markdown = lazy(() => import('./markdown').then((m) => ({ default: m.Markdown })));
export const preloadMarkdown = () => void import('./markdown');

interface AssistantMessageProps {
  message: ChatMessage;
  streaming: boolean;
  stopped: boolean;
  onRegenerate?: () => void;
  /** Rates the reply (`null` takes the rating back); given for a stored reply that has ended. */
  onRate?: (rating: Rating | null, comment?: string) => Promise<void>;
  /** Shows another version's branch (see VersionSwitch). */
  onShowVersion?: (messageId: string) => void;
  /** Says, once a conversation, that the built-in model quotes rather than writes. */
  explainsQuoting?: boolean;
  /** An admin's quoting note links to the Models page, where a model is connected. */
  isAdmin?: boolean;
}

/** How a reply names the model that wrote it: the built-in one by what it does, another by its name (`openai:gpt-4.1` → gpt-4.1). */
export function modelLabel(id: string): string {
  return id.startsWith('local:') ? 'built-in quoting model' : id.slice(id.indexOf(':') + 1);
}

const action =
  'inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-xs text-muted hover:bg-surface-2 hover:text-fg';

export function AssistantMessage({
  message,
  streaming,
  stopped,
  onRegenerate,
  onRate,
  onShowVersion,
  explainsQuoting = false,
  isAdmin = false,
}: AssistantMessageProps) {
  const [open, setOpen] = useState<number | null>(null);
  const [copied, setCopied] = useState(false);
  const citations = citationsOf(message);
  const text = textOf(message);
  const searchedFor = searchedForOf(message);
  const status = message.metadata?.status;
  const model = message.metadata?.model;
  // A source the reader may no longer read has no passage to open.
  const cited = open !== null ? citations[open - 1] : undefined;
  const opened = cited && !isRestricted(cited) ? cited : undefined;
  // A stopped stream keeps the "streaming" status of its start chunk; show what the reader sees.
  const shown = streaming ? 'streaming' : stopped ? 'stopped' : status && status !== 'streaming' ? status : 'complete';
  // Known to have ended without its whole text (an error the page is showing has its own Retry).
  const ended = shown === 'failed' || shown === 'interrupted' || shown === 'stopped';

  async function copy() {
    await navigator.clipboard.writeText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  }

  return (
    <article className="group" data-testid="assistant-message" aria-busy={streaming} data-status={shown}>
      <h2 className="sr-only">Assistant</h2>
      <Suspense fallback={<p className="whitespace-pre-wrap leading-[1.65]">{text}</p>}>
        <Markdown text={text} citations={citations} onOpenCitation={setOpen} streaming={streaming} />
      </Suspense>
      {shown === 'stopped' ? (
        <p className="mt-2 text-xs text-muted" data-testid="stopped-note">
          Stopped. The reply may be incomplete.
        </p>
      ) : null}
      {!streaming && status === 'failed' ? (
        <p className="mt-2 text-xs text-danger" data-testid="failed-note">
          {text ? 'This reply failed part way.' : 'This reply failed before any of it was written.'}
        </p>
      ) : null}
      {!streaming && status === 'interrupted' ? (
        <p className="mt-2 text-xs text-warning">This reply was interrupted.</p>
      ) : null}
      {!streaming && searchedFor ? (
        <p className="mt-2 text-xs text-muted" data-testid="searched-for">
          Searched for: {searchedFor.corrections.map((c) => c.correction).join(', ') || searchedFor.question}
        </p>
      ) : null}
      {!streaming && explainsQuoting ? (
        <p className="mt-2 text-xs text-muted" data-testid="quoting-note">
          Answers quote your documents. Connect a model for written answers.
          {isAdmin ? (
            <>
              {' '}
              <a
                href="/admin/models"
                data-testid="quoting-note-models"
                className="font-medium text-accent underline underline-offset-2"
              >
                Models
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {!streaming ? <SourceList citations={citations} onOpen={setOpen} /> : null}
      {streaming ? (
        // Holds the place of the action row below, so finishing a reply moves nothing.
        <p className="mt-2 flex h-8 items-center gap-2 text-xs text-muted" data-testid="writing-indicator">
          <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-accent" />
          Writing…
        </p>
      ) : null}
      {/* A reply that ended with no text (it failed, or was stopped or cut off first) can still be asked for again. */}
      {!streaming && (text || (onRegenerate && ended)) ? (
        <div className="mt-2 flex flex-wrap gap-1">
          <VersionSwitch message={message} onShow={onShowVersion} />
          {text ? (
            <button type="button" className={action} onClick={copy} data-testid="copy-reply">
              {copied ? <CheckIcon width={14} height={14} /> : <CopyIcon width={14} height={14} />}
              {copied ? 'Copied' : 'Copy'}
            </button>
          ) : null}
          {onRegenerate ? (
            <button type="button" className={action} onClick={onRegenerate} data-testid="regenerate">
              <RefreshIcon width={14} height={14} /> Regenerate
            </button>
          ) : null}
          {onRate && text ? <ReplyFeedback message={message} onRate={onRate} /> : null}
          {model ? (
            <span className="ml-auto inline-flex h-8 items-center px-2 text-xs text-muted" data-testid="reply-model">
              {modelLabel(model)}
            </span>
          ) : null}
        </div>
      ) : null}
      {opened && open !== null ? (
        <PassageDialog passage={opened} label={`Source ${open}`} onClose={() => setOpen(null)} />
      ) : null}
    </article>
  );
}
