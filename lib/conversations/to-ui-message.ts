import type { Message } from '@/lib/db/generated/client';
import { REPLY_STALE_MS } from './reply/reply-heartbeat';
import type { UIMessageView } from '@/lib/schemas/conversations';
import type { BranchMessage } from './read-branch';

/**
 * A stored message in the AI SDK `UIMessage` shape, exactly as it was streamed. A reply still
 * `streaming` whose heartbeat has stopped belongs to a process that died: it is shown as the
 * `interrupted` reply it will be marked as, so a client watching it knows to stop. A message
 * with other versions (an edited question, a regenerated reply) lists them all in `versions`; a
 * reply names the question it answers in `questionId`, as its stream's `start` did, and a rated
 * reply carries its `feedback`.
 */
export function toUIMessage(
  row: Pick<
    Message,
    'id' | 'parentId' | 'role' | 'parts' | 'status' | 'model' | 'usage' | 'metadata' | 'createdAt' | 'updatedAt'
  > &
    Partial<Pick<BranchMessage, 'versions' | 'feedback'>>,
): UIMessageView {
  const extra = (row.metadata ?? {}) as Record<string, unknown>;
  return {
    id: row.id,
    role: row.role,
    parts: (Array.isArray(row.parts) ? row.parts : []) as UIMessageView['parts'],
    metadata: {
      ...extra,
      createdAt: row.createdAt.toISOString(),
      status:
        row.status === 'streaming' && Date.now() - row.updatedAt.getTime() > REPLY_STALE_MS
          ? 'interrupted'
          : row.status,
      ...(row.model ? { model: row.model } : {}),
      ...(row.usage ? { usage: row.usage as Record<string, unknown> } : {}),
      ...(row.role === 'assistant' && row.parentId ? { questionId: row.parentId } : {}),
      ...(row.versions && row.versions.length > 1 ? { versions: row.versions } : {}),
      ...(row.feedback ? { feedback: row.feedback } : {}),
    },
  };
}
