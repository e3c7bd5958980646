import type { Message } from '@/lib/db/generated/client';
import type { UIMessageView } from '@/lib/schemas/conversations';

/** A stored message in the AI SDK `UIMessage` shape, exactly as it was streamed. */
export function toUIMessage(row: Pick<Message, 'id' | 'role' | 'parts' | 'status' | 'model' | 'usage' | 'metadata' | 'createdAt'>): UIMessageView {
  const extra = (row.metadata ?? {}) as Record<string, unknown>;
  return {
    id: row.id,
    role: row.role,
    parts: (Array.isArray(row.parts) ? row.parts : []) as UIMessageView['parts'],
    metadata: {
      ...extra,
      createdAt: row.createdAt.toISOString(),
      status: row.status,
      ...(row.model ? { model: row.model } : {}),
      ...(row.usage ? { usage: row.usage as Record<string, unknown> } : {}),
    },
  };
}
