'use client';

import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import type { ChatMessage } from './types';

interface VersionSwitchProps {
  message: ChatMessage;
  /** Shows the branch of another version; absent while a reply is being written. */
  onShow?: (messageId: string) => void;
}

const arrow =
  'inline-flex h-8 w-7 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-fg disabled:opacity-40 disabled:hover:bg-transparent';

/**
 * "‹ 2 / 3 ›" for a message with other versions (an edited question, a regenerated reply):
 * the arrows show the previous or next version's branch. Nothing for a message with one.
 */
export function VersionSwitch({ message, onShow }: VersionSwitchProps) {
  const versions = message.metadata?.versions ?? [];
  const at = versions.indexOf(message.id);
  if (versions.length < 2 || at < 0) return null;
  const kind = message.role === 'user' ? 'question' : 'reply';
  const go = (i: number) => (onShow && versions[i] ? () => onShow(versions[i]!) : undefined);
  return (
    <div
      className="inline-flex items-center text-xs text-muted"
      role="group"
      aria-label={`Versions of this ${kind}`}
      data-testid="version-switch"
    >
      <button
        type="button"
        className={arrow}
        onClick={go(at - 1)}
        disabled={!onShow || at === 0}
        aria-label={`Previous version of this ${kind}`}
        data-testid="previous-version"
      >
        <ChevronLeftIcon width={14} height={14} />
      </button>
      <span className="min-w-9 text-center tabular-nums" data-testid="version-of">
        {at + 1} / {versions.length}
      </span>
      <button
        type="button"
        className={arrow}
        onClick={go(at + 1)}
        disabled={!onShow || at === versions.length - 1}
        aria-label={`Next version of this ${kind}`}
        data-testid="next-version"
      >
        <ChevronRightIcon width={14} height={14} />
      </button>
    </div>
  );
}
