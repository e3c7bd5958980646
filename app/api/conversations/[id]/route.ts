import { conversationMarkdown, markdownFileName } from '@/lib/conversations/conversation-markdown';
import { loadConversation } from '@/lib/conversations/load-conversation';
import { deleteConversation, updateConversation } from '@/lib/conversations/manage-conversation';
import { readJson } from '@/lib/http/read-json';
import { parseParams, parseQuery } from '@/lib/http/validation';
import { json, otherMethods, withApi } from '@/lib/http/with-api';
import { idParam } from '@/lib/schemas/common';
import { conversationFormatQuery, updateConversationBody } from '@/lib/schemas/conversations';

type Params = { id: string };

// GET /api/conversations/{id} – one of the caller's conversations with its messages; as a
// Markdown transcript with `Accept: text/markdown` or `?format=markdown` (for a download link)
export const GET = withApi<Params>(
  async ({ req, params, principal }) => {
    const { id } = parseParams(params, idParam);
    const { format } = parseQuery(req, conversationFormatQuery());
    const conversation = await loadConversation({ id, ownerId: principal.id });
    const markdown =
      format === 'markdown' || (format === undefined && /\btext\/markdown\b/i.test(req.headers.get('accept') ?? ''));
    if (!markdown) return json(conversation);
    const name = markdownFileName(conversation.title);
    return new Response(conversationMarkdown(conversation), {
      headers: {
        'content-type': 'text/markdown; charset=utf-8',
        'content-disposition': `attachment; filename="${name}"`,
        'cache-control': 'no-store',
      },
    });
  },
  { auth: 'user' },
);

// PATCH /api/conversations/{id} – rename, or show another branch (`messageId`)
export const PATCH = withApi<Params>(
  async ({ req, params, principal }) => {
    const { id } = parseParams(params, idParam);
    const { title, messageId } = await readJson(req, updateConversationBody());
    return json(await updateConversation({ id, ownerId: principal.id, title, messageId }));
  },
  { auth: 'user' },
);

// DELETE /api/conversations/{id} – delete with all its messages
export const DELETE = withApi<Params>(
  async ({ params, principal }) => {
    const { id } = parseParams(params, idParam);
    await deleteConversation({ id, ownerId: principal.id });
    return new Response(null, { status: 204 });
  },
  { auth: 'user' },
);

export const { POST, PUT, OPTIONS } = otherMethods(['GET', 'PATCH', 'DELETE']);
