import { createUIMessageStreamResponse } from 'ai';
import { chatApi as api } from '@/lib/api/chat';
import { followReply } from '@/lib/conversations/reply/live-replies';
import { getConversationOrThrow } from '@/lib/conversations/get-conversation-or-throw';
import { serveRoute } from '@/lib/http/serve-route';
import { otherMethods } from '@/lib/http/with-api';

// GET /api/conversations/{id}/stream – the reply being written, from its start and then live
// (useChat's `resume`); 204 when this instance is writing none
export const GET = serveRoute(api.follow, async ({ params: { id }, principal }) => {
  await getConversationOrThrow({ id, ownerId: principal.id });
  const stream = followReply(id);
  if (!stream) return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  return createUIMessageStreamResponse({ stream, headers: { 'cache-control': 'no-store, no-transform' } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.follow);
