import { chatApi as api } from '@/lib/api/chat';
import { stopReply } from '@/lib/conversations/reply/stop-reply';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';

// POST /api/conversations/{id}/stop – stop the reply being written; what was written is kept
export const POST = serveRoute(api.stop, async ({ params: { id }, body: { messageId }, principal }) =>
  json(await stopReply({ conversationId: id, principal, messageId })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.stop);
