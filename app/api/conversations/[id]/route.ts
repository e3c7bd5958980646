import { conversationsApi as api } from '@/lib/api/conversations';
import { conversationMarkdown, markdownFileName } from '@/lib/conversations/conversation-markdown';
import { loadConversation } from '@/lib/conversations/load-conversation';
import { deleteConversation, updateConversation } from '@/lib/conversations/manage-conversation';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';

// GET /api/conversations/{id} – one of the caller's conversations with its messages; as a
// Markdown transcript with `Accept: text/markdown` or `?format=markdown` (for a download link)
export const GET = serveRoute(api.read, async ({ req, params: { id }, query: { format }, principal }) => {
  const conversation = await loadConversation({ id, principal });
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
});

// PATCH /api/conversations/{id} – rename, show another branch (`messageId`), or scope (`collectionIds`)
export const PATCH = serveRoute(
  api.update,
  async ({ params: { id }, body: { title, messageId, collectionIds }, principal }) =>
    json(await updateConversation({ id, principal, title, messageId, collectionIds })),
);

// DELETE /api/conversations/{id} – delete with all its messages
export const DELETE = serveRoute(api.delete, async ({ params: { id }, principal }) => {
  await deleteConversation({ id, ownerId: principal.id });
  return new Response(null, { status: 204 });
});

export const { POST, PUT, OPTIONS } = otherMethods(api.read, api.update, api.delete);
