import 'server-only';
import { prisma } from '@/lib/db';
import { log } from '@/lib/log';

/**
 * Called once at boot (instrumentation.ts). A reply still `streaming` in the
 * database belongs to a process that died mid-reply: mark it `interrupted`
 * (keeping whatever was saved) and unlock its conversation.
 *
 * This assumes one server process per database, the supported deployment.
 */
export async function recoverInterruptedReplies(): Promise<{ interrupted: number }> {
  const db = await prisma();
  const result = await db.$transaction(async (tx) => {
    const stuck = await tx.message.findMany({ where: { status: 'streaming' }, select: { id: true } });
    if (stuck.length === 0) return { interrupted: 0 };
    const ids = stuck.map((m) => m.id);
    await tx.message.updateMany({ where: { id: { in: ids }, status: 'streaming' }, data: { status: 'interrupted' } });
    await tx.conversation.updateMany({ where: { activeReplyId: { in: ids } }, data: { activeReplyId: null } });
    return { interrupted: ids.length };
  });
  if (result.interrupted > 0) log.warn('marked replies interrupted after a restart', result);
  return result;
}
