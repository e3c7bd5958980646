'use client';

import { useEffect, useState } from 'react';
import { SendIcon, StopIcon } from '@/components/ui/icons';
import { charCount } from '@/lib/char-count';
import { useAutoGrow } from '@/components/ui/use-auto-grow';

interface ComposerProps {
  /** What the box holds when it mounts: a question given back after its send was stopped. */
  initialText?: string;
  busy: boolean;
  /** A Stop is being settled with the server: nothing is sent, and Stop is not pressed twice. */
  stopping?: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  /** The longest message the server takes. A longer one is kept whole, and says how much to cut. */
  maxLength: number;
}

/** Enter sends, Shift+Enter adds a line; while a reply streams the button stops it. */
export function Composer({ initialText = '', busy, stopping = false, onSend, onStop, maxLength }: ComposerProps) {
  const [text, setText] = useState(initialText);
  const ref = useAutoGrow(text, 200);
  // Characters as the server counts them (an emoji is one).
  const length = charCount(text);
  const over = length - maxLength;
  const n = (x: number) => x.toLocaleString('en');
  // Near the limit a count shows: a long paste is never cut, or refused, without a word.
  const count =
    over > 0
      ? `${n(over)} characters over the ${n(maxLength)} limit`
      : length > maxLength * 0.9
        ? `${n(length)} / ${n(maxLength)}`
        : null;

  useEffect(() => ref.current?.focus(), [ref]);

  function submit() {
    const value = text.trim();
    if (!value || busy || stopping || over > 0) return;
    onSend(value);
    setText('');
  }

  return (
    <form
      className="mx-auto flex w-full max-w-3xl flex-wrap items-end gap-2 rounded-2xl border border-border bg-bg p-2 shadow-sm focus-within:border-accent focus-within:ring-2 focus-within:ring-ring/30"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor="composer-input" className="sr-only">
        Message
      </label>
      <textarea
        id="composer-input"
        ref={ref}
        data-testid="composer-input"
        rows={1}
        value={text}
        aria-invalid={over > 0 || undefined}
        aria-describedby={count ? 'composer-count' : undefined}
        placeholder="Ask about your documents…"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
        className="max-h-[200px] min-h-10 min-w-0 flex-1 resize-none bg-transparent px-2 py-2 leading-6 outline-none placeholder:text-muted"
      />
      {busy || stopping ? (
        <button
          type="button"
          onClick={onStop}
          disabled={stopping}
          data-testid="stop-button"
          aria-label={stopping ? 'Stopping…' : 'Stop generating (Esc)'}
          className="inline-flex h-10 w-10 items-center justify-center rounded-xl bg-fg text-bg hover:opacity-90 disabled:opacity-40"
        >
          <StopIcon />
        </button>
      ) : (
        <button
          type="submit"
          data-testid="send-button"
          aria-label="Send message"
          disabled={!text.trim() || over > 0}
          className="inline-flex h-10 w-10 items-center justify-center rounded-xl bg-accent text-accent-fg hover:opacity-90 disabled:opacity-40"
        >
          <SendIcon />
        </button>
      )}
      {count ? (
        <p
          id="composer-count"
          data-testid="composer-count"
          aria-live="polite"
          className={`basis-full px-2 text-right text-xs tabular-nums ${over > 0 ? 'text-danger' : 'text-muted'}`}
        >
          {count}
        </p>
      ) : null}
    </form>
  );
}
