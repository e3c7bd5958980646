import { stopReply } from '@/lib/conversations/reply/stop-reply';
import { readOptionalJson } from '@/lib/http/read-json';
import { parseParams } from '@/lib/http/validation';
import { json, otherMethods, withApi } from '@/lib/http/with-api';
import { stopReplyBody } from '@/lib/schemas/chat';
import { idParam } from '@/lib/schemas/common';

// POST /api/conversations/{id}/stop – stop the reply being written; what was written is kept
export const POST = withApi<{ id: string }>(
  async ({ req, params, principal }) => {
    const { id } = parseParams(params, idParam);
    const { messageId } = await readOptionalJson(req, stopReplyBody());
    return json(await stopReply({ conversationId: id, ownerId: principal.id, messageId }));
  },
  { auth: 'user' },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
