import 'server-only';
import { prisma } from '@/lib/db';
import { log } from '@/lib/log';
import { REPLY_STALE_MS } from './reply-heartbeat';

/**
 * Called at boot (instrumentation.ts). A reply still `streaming` whose heartbeat
 * stopped belongs to a process that died mid-reply: it becomes `interrupted`
 * (keeping whatever was saved) and its conversation is unlocked. Live replies
 * of other instances on the same database keep their heartbeat and are left
 * alone. A reply whose process died just before this restart still looks
 * fresh, so a second pass runs once the heartbeat window has passed.
 */
export async function recoverInterruptedReplies({
  staleMs = REPLY_STALE_MS,
  followUp = true,
}: { staleMs?: number; followUp?: boolean } = {}): Promise<{ interrupted: number }> {
  const result = await interruptStale(staleMs);
  if (followUp) {
    setTimeout(
      () =>
        void interruptStale(staleMs).catch((error: unknown) =>
          log.warn('reply recovery failed', { error: String(error) }),
        ),
      staleMs + 1_000,
    ).unref();
  }
  return result;
}

async function interruptStale(staleMs: number): Promise<{ interrupted: number }> {
  const db = await prisma();
  const cutoff = new Date(Date.now() - staleMs);
  const result = await db.$transaction(async (tx) => {
    const stuck = await tx.message.findMany({
      where: { status: 'streaming', updatedAt: { lt: cutoff } },
      select: { id: true },
    });
    if (stuck.length === 0) return { interrupted: 0 };
    const ids = stuck.map((m) => m.id);
    await tx.message.updateMany({
      where: { id: { in: ids }, status: 'streaming', updatedAt: { lt: cutoff } },
      data: { status: 'interrupted' },
    });
    await tx.conversation.updateMany({ where: { activeReplyId: { in: ids } }, data: { activeReplyId: null } });
    return { interrupted: ids.length };
  });
  if (result.interrupted > 0) log.warn('marked replies of a stopped process interrupted', result);
  return result;
}
