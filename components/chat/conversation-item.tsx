'use client';

import Link from 'next/link';
import { useRef, useState } from 'react';
import { PencilIcon, TrashIcon } from '@/components/ui/icons';
import { useFocusAfter } from '@/components/ui/use-focus-after';
import type { ConversationSummary } from './types';

interface ConversationItemProps {
  conversation: ConversationSummary;
  active: boolean;
  onRename: (title: string) => Promise<void>;
  onDelete: () => void;
  onNavigate: () => void;
}

export function ConversationItem({ conversation, active, onRename, onDelete, onNavigate }: ConversationItemProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(conversation.title ?? '');
  const title = conversation.title || 'New conversation';
  // Enter or leaving the field keeps the new title, Esc drops it; whichever comes first counts.
  const settled = useRef(false);
  // Ended from the keyboard, the focus goes back to the Rename button; a click elsewhere keeps its own.
  const renameButton = useRef<HTMLButtonElement>(null);
  const focusRenameAfter = useFocusAfter(renameButton, !editing);
  const finish = async (keep: boolean, fromKeyboard = false) => {
    if (settled.current) return;
    settled.current = true;
    const value = draft.trim();
    if (keep && value && value !== conversation.title) await onRename(value);
    focusRenameAfter(fromKeyboard);
    setEditing(false);
  };

  if (editing) {
    return (
      <form
        className="px-1"
        onSubmit={(e) => {
          e.preventDefault();
          void finish(true, true);
        }}
      >
        <label className="sr-only" htmlFor={`rename-${conversation.id}`}>
          Conversation title
        </label>
        <input
          id={`rename-${conversation.id}`}
          data-testid="rename-input"
          autoFocus
          maxLength={200}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.preventDefault(); // cancels the rename only: the page's Esc would stop a reply
            void finish(false, true);
          }}
          onBlur={() => void finish(true)}
          className="h-9 w-full rounded-md border border-accent bg-bg px-2 text-sm outline-none"
        />
      </form>
    );
  }

  return (
    <div
      className={`group relative flex items-center rounded-lg text-sm ${active ? 'bg-surface-2 font-medium' : 'focus-within:bg-surface-2 hover:bg-surface-2'}`}
      data-testid="conversation-item"
    >
      <Link
        href={`/c/${conversation.id}`}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        dir="auto"
        className="min-w-0 flex-1 truncate px-3 py-2"
        data-testid="conversation-link"
        title={title}
      >
        {title}
      </Link>
      {/* On wide screens the buttons show over the title's end only while the item is pointed at or
          has the focus: hidden, they leave the title its whole width. */}
      <div className="flex shrink-0 pr-1 opacity-100 md:absolute md:inset-y-0 md:right-0 md:items-center md:rounded-r-lg md:bg-surface-2 md:pl-1 md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100">
        <button
          ref={renameButton}
          type="button"
          aria-label={`Rename “${title}”`}
          data-testid="rename-conversation"
          onClick={() => {
            setDraft(conversation.title ?? '');
            settled.current = false;
            setEditing(true);
          }}
          className="rounded p-1.5 text-muted hover:text-fg"
        >
          <PencilIcon width={15} height={15} />
        </button>
        <button
          type="button"
          aria-label={`Delete “${title}”`}
          data-testid="delete-conversation"
          onClick={onDelete}
          className="rounded p-1.5 text-muted hover:text-danger"
        >
          <TrashIcon width={15} height={15} />
        </button>
      </div>
    </div>
  );
}
