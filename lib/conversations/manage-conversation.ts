import 'server-only';
import { stopLiveReply } from './reply/live-replies';
import { signalStop } from './reply/stop-signal';
import type { Principal } from '@/lib/auth/principal';
import { prisma } from '@/lib/db';
import { ApiError, notFound } from '@/lib/http/api-error';
import { checkedScope } from './conversation-scope';
import { conversationView } from './conversation-view';
import { getConversationOrThrow } from './get-conversation-or-throw';
import { readBranch } from './read-branch';

/** A new conversation of the caller's, scoped to `collectionIds` (each one they may read, else 404). */
export async function createConversation({
  principal,
  title,
  collectionIds = [],
}: {
  principal: Principal;
  title?: string;
  collectionIds?: string[];
}) {
  const scope = await checkedScope(principal, collectionIds);
  const db = await prisma();
  const conversation = await db.conversation.create({
    data: { ownerId: principal.id, title: title ?? null, collectionIds: scope },
  });
  return conversationView(conversation, [], principal);
}

/**
 * Renames the owner's conversation and/or shows the branch with `messageId`: that message and,
 * below it, the branch seen last (at each message, the version most recently on show; a new
 * message is on show when written), marked as seen now. 404 for anyone else's conversation or
 * a message not in it; 409 while a reply is written, which must stay the head it streams into.
 * `collectionIds` scopes the next replies (each one the caller may read, else 404; `[]`: all).
 */
export async function updateConversation({
  id,
  principal,
  title,
  messageId,
  collectionIds,
}: {
  id: string;
  principal: Principal;
  title?: string;
  messageId?: string;
  collectionIds?: string[];
}) {
  const db = await prisma();
  const ownerId = principal.id;
  let conversation = await getConversationOrThrow({ id, ownerId });
  const scope = collectionIds && (await checkedScope(principal, collectionIds));
  if (messageId) {
    const [moved] = await db.$queryRaw<{ head_id: string }[]>`
      WITH RECURSIVE below AS (
        SELECT id, 0 AS depth FROM messages WHERE id = ${messageId}::uuid AND conversation_id = ${id}::uuid
        UNION ALL
        SELECT (SELECT c.id FROM messages c WHERE c.parent_id = b.id ORDER BY c.shown_at DESC, c.created_at DESC, c.id DESC LIMIT 1), b.depth + 1
        FROM below b WHERE b.id IS NOT NULL
      )
      UPDATE conversations SET head_id = (SELECT id FROM below WHERE id IS NOT NULL ORDER BY depth DESC LIMIT 1)
      WHERE id = ${id}::uuid AND active_reply_id IS NULL AND EXISTS (SELECT 1 FROM below WHERE id IS NOT NULL)
      RETURNING head_id::text AS head_id`;
    if (!moved) {
      if (!(await db.message.findFirst({ where: { id: messageId, conversationId: id }, select: { id: true } })))
        throw notFound('message in this conversation');
      throw new ApiError(
        'conflict',
        'A reply is being written in this conversation. Change branch when it has finished.',
      );
    }
    // Everything on show is now the branch seen last at each of its messages.
    await db.$executeRaw`
      WITH RECURSIVE above AS (
        SELECT id, parent_id FROM messages WHERE id = ${moved.head_id}::uuid
        UNION ALL
        SELECT m.id, m.parent_id FROM above a JOIN messages m ON m.id = a.parent_id
      )
      UPDATE messages SET shown_at = clock_timestamp() WHERE id IN (SELECT id FROM above)`;
    conversation = { ...conversation, headId: moved.head_id };
  }
  if (title !== undefined || scope !== undefined) {
    const [renamed] = await db.conversation.updateManyAndReturn({
      where: { id, ownerId },
      data: { title, collectionIds: scope },
    });
    if (!renamed) throw notFound('conversation'); // deleted meanwhile
    conversation = renamed;
  }
  return conversationView(conversation, await readBranch(id, conversation.headId), principal);
}

/**
 * Deletes the owner's conversation and its messages (cascade); 404 for anyone else's. A reply
 * being written in it stops: this process's at once, another instance's when it hears the
 * signal (or, failing that, at its next heartbeat).
 */
export async function deleteConversation({ id, ownerId }: { id: string; ownerId: string }) {
  const db = await prisma();
  const deleted = await db.$queryRaw<{ active_reply_id: string | null }[]>`
    DELETE FROM conversations WHERE id = ${id}::uuid AND owner_id = ${ownerId}::uuid RETURNING active_reply_id`;
  if (deleted.length === 0) throw notFound('conversation');
  const replyId = deleted[0]!.active_reply_id;
  if (!(await stopLiveReply(id)) && replyId) await signalStop(id, replyId);
}
