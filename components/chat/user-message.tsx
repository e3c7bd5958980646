'use client';

import { useEffect, useRef, useState } from 'react';
import { PencilIcon } from '@/components/ui/icons';
import { useAutoGrow } from '@/components/ui/use-auto-grow';
import { textOf, type ChatMessage } from './types';
import { VersionSwitch } from './version-switch';

interface UserMessageProps {
  message: ChatMessage;
  /** Given while no reply is being written: the question can be edited and sent again, as a new version. */
  onEdit?: (text: string) => void;
  /** Shows another version's branch (see VersionSwitch). */
  onShowVersion?: (messageId: string) => void;
}

const action =
  'inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-xs text-muted hover:bg-surface-2 hover:text-fg';

/** A visitor's message, shown as plain text: nothing typed is ever interpreted as markup. */
export function UserMessage({ message, onEdit, onShowVersion }: UserMessageProps) {
  const text = textOf(message);
  const [draft, setDraft] = useState<string | null>(null);
  const ref = useAutoGrow(draft, 320);
  // A cancelled edit gives the focus back to its Edit button (the form that held it is gone).
  const editButton = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);
  useEffect(() => {
    if (draft !== null || !cancelled.current) return;
    cancelled.current = false;
    editButton.current?.focus();
  }, [draft]);
  const cancel = () => {
    cancelled.current = true;
    setDraft(null);
  };

  if (draft !== null && onEdit) {
    const value = draft.trim();
    const save = () => {
      if (!value) return;
      setDraft(null);
      if (value !== text.trim()) onEdit(value);
    };
    return (
      <form
        className="ml-auto flex w-full max-w-[85%] flex-col gap-2 rounded-2xl border border-border bg-bg p-2 focus-within:border-accent focus-within:ring-2 focus-within:ring-ring/30"
        data-testid="edit-message-form"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <label htmlFor={`edit-${message.id}`} className="sr-only">
          Edit your message
        </label>
        <textarea
          id={`edit-${message.id}`}
          ref={ref}
          autoFocus
          dir="auto"
          data-testid="edit-message-input"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onFocus={(e) => e.currentTarget.setSelectionRange(e.currentTarget.value.length, e.currentTarget.value.length)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              save();
            } else if (e.key === 'Escape') {
              e.preventDefault();
              cancel();
            }
          }}
          className="max-h-80 min-h-10 resize-none bg-transparent px-2 py-1.5 leading-6 outline-none"
        />
        <div className="flex justify-end gap-2">
          <button
            type="button"
            className="h-8 rounded-lg px-3 text-sm text-muted hover:bg-surface-2 hover:text-fg"
            onClick={cancel}
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={!value}
            data-testid="edit-message-send"
            className="h-8 rounded-lg bg-accent px-3 text-sm font-medium text-accent-fg hover:opacity-90 disabled:opacity-40"
          >
            Send
          </button>
        </div>
      </form>
    );
  }

  return (
    <div className="flex flex-col items-end">
      <h2 className="sr-only">You</h2>
      <p
        dir="auto"
        className="max-w-[85%] whitespace-pre-wrap rounded-2xl rounded-br-md bg-surface-2 px-4 py-2.5 [overflow-wrap:anywhere]"
        data-testid="user-message"
      >
        {text}
      </p>
      {onEdit || message.metadata?.versions ? (
        <div className="mt-1 flex items-center gap-1">
          <VersionSwitch message={message} onShow={onShowVersion} />
          {onEdit ? (
            <button
              ref={editButton}
              type="button"
              className={action}
              onClick={() => setDraft(text)}
              data-testid="edit-message"
              aria-label="Edit this message"
            >
              <PencilIcon width={14} height={14} /> Edit
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
