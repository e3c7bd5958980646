'use client';

import { useEffect, useRef, useState } from 'react';
import { describeProblem } from '@/components/client-api';
import { ThumbDownIcon, ThumbUpIcon } from '@/components/ui/icons';
import { useFocusAfter } from '@/components/ui/use-focus-after';
import { MAX_FEEDBACK_COMMENT_CHARS } from '@/lib/conversations/chat-message';
import type { ChatMessage } from './types';

export type Rating = 'up' | 'down';

interface ReplyFeedbackProps {
  message: ChatMessage;
  /** Stores a rating with its comment, or takes it back (`null`); rejects with an ApiProblem. */
  onRate: (rating: Rating | null, comment?: string) => Promise<void>;
}

const THUMBS = [
  { value: 'up', label: 'Good reply', Icon: ThumbUpIcon },
  { value: 'down', label: 'Bad reply', Icon: ThumbDownIcon },
] as const;

const action =
  'inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-xs text-muted hover:bg-surface-2 hover:text-fg aria-pressed:text-accent';

/**
 * Thumbs up and down under a reply, for the action row of an AssistantMessage (a fragment: the
 * row wraps the comment form onto a line of its own). A rating is stored at once; a thumbs down
 * then asks what was wrong. Pressing the chosen thumb again takes the rating back.
 */
export function ReplyFeedback({ message, onRate }: ReplyFeedbackProps) {
  const [rating, setRating] = useState<Rating | null>(message.metadata?.feedback?.rating ?? null);
  const [draft, setDraft] = useState<string | null>(null);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  // The comment form closed from the keyboard or its buttons: the focus goes back to the thumb that opened it.
  const down = useRef<HTMLButtonElement>(null);
  const focusThumbAfter = useFocusAfter(down, draft === null && !saving);
  const closeForm = () => {
    focusThumbAfter();
    setDraft(null);
  };
  // A thank-you goes after a while; a failure stays until the next try.
  useEffect(() => {
    if (!note || note.error) return;
    const timer = setTimeout(() => setNote(null), 5000);
    return () => clearTimeout(timer);
  }, [note]);

  async function save(next: Rating | null, comment?: string) {
    const before = rating;
    setRating(next);
    setSaving(true);
    setNote(null);
    try {
      await onRate(next, comment);
      return true;
    } catch (e) {
      setRating(before);
      setNote({ text: `Your rating was not saved. ${describeProblem(e)}`, error: true });
      return false;
    } finally {
      setSaving(false);
    }
  }

  async function press(pressed: Rating) {
    if (saving) return;
    const next = rating === pressed ? null : pressed;
    setDraft(null);
    if (!(await save(next))) return;
    if (next === 'down') setDraft('');
    else if (next === 'up')
      setNote({ text: 'Thanks. The admins see your rating with this reply and your question.', error: false });
  }

  async function sendComment(comment: string) {
    if (await save('down', comment)) {
      closeForm();
      setNote({ text: 'Thanks. The admins will see what you wrote.', error: false });
    }
  }

  return (
    <>
      {THUMBS.map(({ value, label, Icon }) => (
        <button
          key={value}
          ref={value === 'down' ? down : undefined}
          type="button"
          className={action}
          aria-pressed={rating === value}
          // (not `disabled`: a disabled button loses the focus, and the keyboard user their place)
          aria-disabled={saving}
          onClick={() => void press(value)}
          data-testid={`rate-${value}`}
          title={`${label} (the admins see your rating)`}
        >
          <Icon width={14} height={14} />
          <span className="sr-only">{label}</span>
        </button>
      ))}
      {draft !== null ? (
        <form
          className="mt-1 flex basis-full flex-col gap-2 rounded-xl border border-border p-2 focus-within:border-accent"
          data-testid="feedback-form"
          onSubmit={(e) => {
            e.preventDefault();
            void sendComment(draft);
          }}
        >
          <label htmlFor={`feedback-${message.id}`} className="px-1 text-xs font-medium">
            What was wrong or missing? <span className="font-normal text-muted">(optional)</span>
          </label>
          <textarea
            id={`feedback-${message.id}`}
            autoFocus
            rows={2}
            maxLength={MAX_FEEDBACK_COMMENT_CHARS}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                closeForm();
              }
            }}
            data-testid="feedback-comment"
            className="resize-none rounded-lg bg-surface-2 px-2 py-1.5 text-sm leading-6 outline-none"
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="px-1 text-xs text-muted">
              Your rating, this reply and your question are shared with the admins.
            </p>
            <div className="ml-auto flex gap-2">
              <button
                type="button"
                className="h-8 rounded-lg px-3 text-sm text-muted hover:bg-surface-2 hover:text-fg"
                onClick={closeForm}
              >
                Not now
              </button>
              <button
                type="submit"
                disabled={saving || !draft.trim()}
                data-testid="feedback-send"
                className="h-8 rounded-lg bg-accent px-3 text-sm font-medium text-accent-fg hover:opacity-90 disabled:opacity-40"
              >
                Send
              </button>
            </div>
          </div>
        </form>
      ) : null}
      {note ? (
        <p
          role="status"
          className={`basis-full px-2 text-xs ${note.error ? 'text-danger' : 'text-muted'}`}
          data-testid="feedback-note"
        >
          {note.text}
        </p>
      ) : null}
    </>
  );
}
