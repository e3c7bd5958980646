import { createUIMessageStreamResponse } from 'ai';
import { readableCollections } from '@/lib/access';
import { chatApi as api } from '@/lib/api/chat';
import { followReply } from '@/lib/conversations/reply/live-replies';
import { getConversationOrThrow } from '@/lib/conversations/get-conversation-or-throw';
import { restrictStream } from '@/lib/conversations/restrict-citations';
import { serveRoute } from '@/lib/http/serve-route';
import { otherMethods } from '@/lib/http/with-api';

// GET /api/conversations/{id}/stream – the reply being written, from its start and then live
// (useChat's `resume`); 204 when this instance is writing none. Its citations are checked
// against what the caller may read now, as the stored conversation's are.
export const GET = serveRoute(api.follow, async ({ params: { id }, principal }) => {
  await getConversationOrThrow({ id, ownerId: principal.id });
  const reach = await readableCollections(principal);
  const stream = followReply(id);
  if (!stream) return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  return createUIMessageStreamResponse({
    stream: restrictStream(stream, reach),
    headers: { 'cache-control': 'no-store, no-transform' },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.follow);
