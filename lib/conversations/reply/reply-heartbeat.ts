import 'server-only';
import { prisma } from '@/lib/db';

/**
 * A reply being written touches its row every few seconds. A `streaming` reply
 * whose row has not been touched for REPLY_STALE_MS belongs to a process that
 * died: it can be marked `interrupted` without ever touching a live reply of
 * another instance sharing the database.
 */
export const REPLY_HEARTBEAT_MS = 5_000;
export const REPLY_STALE_MS = 15_000;

/**
 * Also saves the reply so far, so a crash leaves an `interrupted` message with what was written.
 * A reply no longer `streaming` when the heartbeat comes (stopped through another instance, or its
 * conversation deleted) calls `gone`: its writer stops.
 */
export function startReplyHeartbeat(
  messageId: string,
  partsSoFar: () => unknown[] | undefined,
  gone: () => void,
): () => void {
  const timer = setInterval(() => {
    const parts = partsSoFar();
    void prisma()
      .then((db) =>
        db.message.updateMany({
          where: { id: messageId, status: 'streaming' },
          data: {
            updatedAt: new Date(),
            ...(parts ? { parts: JSON.parse(JSON.stringify(parts, wellFormed)) as object[] } : {}),
          },
        }),
      )
      .then(({ count }) => {
        if (count === 0) gone();
      })
      .catch(() => {});
  }, REPLY_HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** JSON replacer: PostgreSQL json cannot hold half a surrogate pair. */
export function wellFormed(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? value.toWellFormed() : value;
}
