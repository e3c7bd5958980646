import { createUIMessageStreamResponse } from 'ai';
import { followReply } from '@/lib/conversations/reply/live-replies';
import { getConversationOrThrow } from '@/lib/conversations/get-conversation-or-throw';
import { parseParams } from '@/lib/http/validation';
import { otherMethods, withApi } from '@/lib/http/with-api';
import { idParam } from '@/lib/schemas/common';

// GET /api/conversations/{id}/stream – the reply being written, from its start and then live
// (useChat's `resume`); 204 when this instance is writing none
export const GET = withApi<{ id: string }>(
  async ({ params, principal }) => {
    const { id } = parseParams(params, idParam);
    await getConversationOrThrow({ id, ownerId: principal.id });
    const stream = followReply(id);
    if (!stream) return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
    return createUIMessageStreamResponse({ stream, headers: { 'cache-control': 'no-store, no-transform' } });
  },
  { auth: 'user' },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
