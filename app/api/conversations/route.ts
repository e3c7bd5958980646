import { listConversations } from '@/lib/conversations/list-conversations';
import { createConversation } from '@/lib/conversations/manage-conversation';
import { conversationsApi as api } from '@/lib/api/conversations';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';

// GET /api/conversations – the caller's conversations, most recent first (`q`: those that mention it)
export const GET = serveRoute(api.list, async ({ query: { limit, cursor, q }, principal }) =>
  json(await listConversations({ ownerId: principal.id, limit, cursor, q })),
);

// POST /api/conversations – open a conversation (optionally scoped to some collections)
export const POST = serveRoute(api.open, async ({ body: { title, collectionIds }, principal }) => {
  const conversation = await createConversation({ principal, title, collectionIds });
  return json(conversation, { status: 201, headers: { location: `/api/conversations/${conversation.id}` } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.list, api.open);
