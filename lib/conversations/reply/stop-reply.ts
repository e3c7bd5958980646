import 'server-only';
import { readableCollections } from '@/lib/access';
import type { Principal } from '@/lib/auth/principal';
import { getConversationOrThrow } from '../get-conversation-or-throw';
import { restrictCitations } from '../restrict-citations';
import { toUIMessage } from '../to-ui-message';
import { prisma } from '@/lib/db';
import { ApiError, notFound } from '@/lib/http/api-error';
import type { UIMessageView } from '@/lib/schemas/conversations';
import { stopLiveReply } from './live-replies';
import { REPLY_STALE_MS } from './reply-heartbeat';
import { signalStop } from './stop-signal';

/** How long a stop waits for another instance to store the reply it writes before marking it itself. */
export const STOP_HANDOFF_MS = 2_000;
const HANDOFF_POLL_MS = 25;

/**
 * Stops a reply being written: the model call ends, what was written so far is stored
 * as a `stopped` reply and the conversation takes the next message at once. `messageId`
 * names the reply (a stop that arrives after it finished changes nothing); without it,
 * the reply being written in the conversation, if any (409 when there is none).
 *
 * A reply written by another instance sharing the database is stopped there (stop-signal.ts):
 * that instance stores everything it wrote, as it does for a stop made on it. One that does
 * not within STOP_HANDOFF_MS (it died, or cannot hear) has the reply marked `stopped` here
 * with what it last saved (its heartbeat, every few seconds), and the conversation freed.
 * The reply comes back as the caller may read it now (restrict-citations.ts).
 */
export async function stopReply({
  conversationId,
  principal,
  messageId,
}: {
  conversationId: string;
  principal: Principal;
  messageId?: string;
}): Promise<UIMessageView> {
  const conversation = await getConversationOrThrow({ id: conversationId, ownerId: principal.id });
  const shown = async (reply: Parameters<typeof toUIMessage>[0]) =>
    toUIMessage((await restrictCitations([reply], await readableCollections(principal)))[0]!);
  const id = messageId ?? conversation.activeReplyId;
  if (!id) throw new ApiError('conflict', 'No reply is being written in this conversation.');
  const db = await prisma();
  const find = () => db.message.findFirst({ where: { id, conversationId, role: 'assistant' } });
  const reply = await find();
  if (!reply) throw notFound('reply in this conversation');
  if (reply.status !== 'streaming') return shown(reply);
  if (!(await stopLiveReply(conversationId, id))) {
    const alive = Date.now() - reply.updatedAt.getTime() < REPLY_STALE_MS;
    if (alive && (await signalStop(conversationId, id))) {
      const until = Date.now() + STOP_HANDOFF_MS;
      const streaming = async () => (await db.message.count({ where: { id, status: 'streaming' } })) > 0;
      while (Date.now() < until && (await streaming())) await new Promise((r) => setTimeout(r, HANDOFF_POLL_MS));
    }
    await db.$executeRaw`
      WITH stopped AS (
        UPDATE messages SET status = 'stopped', updated_at = now() WHERE id = ${id}::uuid AND status = 'streaming'
      )
      UPDATE conversations SET active_reply_id = NULL, updated_at = now()
      WHERE id = ${conversationId}::uuid AND active_reply_id = ${id}::uuid`;
  }
  const stopped = await find();
  if (!stopped) throw notFound('reply in this conversation'); // the conversation was deleted meanwhile
  return shown(stopped);
}
