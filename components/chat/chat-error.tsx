import Link from 'next/link';
import { isUnreachable, UNREACHABLE } from '@/components/client-api';
import { AlertIcon, PlusIcon, RefreshIcon } from '@/components/ui/icons';

/** The HTTP status a failed send answered with, when it got that far. */
export const statusOf = (error: Error): number | undefined => (error as { statusCode?: number }).statusCode;

/** Words for a failed send: the server's problem detail, and when a 429 allows the next try. */
export function describeChatError(error: Error, retryAfter: number | null): string {
  const status = statusOf(error);
  let detail = '';
  try {
    const body = JSON.parse((error as { responseBody?: string }).responseBody ?? error.message) as { detail?: string };
    detail = typeof body.detail === 'string' ? body.detail : '';
  } catch {
    // The message was not problem+json: network failure or an error part in the stream.
  }
  if (status === 429) return `You are sending messages too quickly. Try again in ${retryAfter ?? 60} s.`;
  if (status === 409) return 'A reply is still being written in this conversation. Try again in a moment.';
  if (status === 404) return 'This conversation no longer exists.';
  if (detail) return detail;
  if (isUnreachable(error)) return UNREACHABLE;
  return 'The assistant could not finish this reply.';
}

const action =
  'inline-flex h-8 items-center gap-1.5 rounded-md border border-danger/40 bg-bg px-2.5 font-medium text-danger hover:bg-danger-soft';

/** A failed send, with Retry; for a conversation that is gone, which no retry brings back, New chat. */
export function ChatError({
  message,
  onRetry,
  gone = false,
}: {
  message: string;
  onRetry: () => void;
  gone?: boolean;
}) {
  return (
    <div
      role="alert"
      data-testid="chat-error"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-danger/40 bg-danger-soft px-4 py-3 text-sm text-danger"
    >
      <AlertIcon className="shrink-0" />
      <span className="min-w-0 flex-1">{message}</span>
      {gone ? (
        <Link href="/" className={action} data-testid="new-chat-after-error">
          <PlusIcon width={14} height={14} /> New chat
        </Link>
      ) : (
        <button type="button" onClick={onRetry} data-testid="retry-button" className={action}>
          <RefreshIcon width={14} height={14} /> Retry
        </button>
      )}
    </div>
  );
}
