import { createConversation } from '@/lib/conversations/manage-conversation';
import { listConversations } from '@/lib/conversations/list-conversations';
import { readOptionalJson } from '@/lib/http/read-json';
import { parseQuery } from '@/lib/http/validation';
import { json, otherMethods, withApi } from '@/lib/http/with-api';
import { createConversationBody, listConversationsQuery } from '@/lib/schemas/conversations';

// GET /api/conversations – the caller's conversations, most recent first (`q`: those that mention it)
export const GET = withApi(
  async ({ req, principal }) => {
    const { limit, cursor, q } = parseQuery(req, listConversationsQuery());
    return json(await listConversations({ ownerId: principal.id, limit, cursor, q }));
  },
  { auth: 'user' },
);

// POST /api/conversations – open a conversation
export const POST = withApi(
  async ({ req, principal }) => {
    const { title } = await readOptionalJson(req, createConversationBody());
    const conversation = await createConversation({ ownerId: principal.id, title });
    return json(conversation, { status: 201, headers: { location: `/api/conversations/${conversation.id}` } });
  },
  { auth: 'user' },
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
