import { chatApi as api } from '@/lib/api/chat';
import { editOf, messageContent, modelOf, regenerateOf } from '@/lib/chat/message-content';
import { sendMessage } from '@/lib/chat/send-message';
import { serveRoute } from '@/lib/http/serve-route';
import { otherMethods } from '@/lib/http/with-api';

// POST /api/conversations/{id}/messages – send a message; stream the grounded, cited reply
export const POST = serveRoute(api.send, async ({ req, params: { id }, body, principal }) => {
  const format = /^\s*text\/plain\b/i.test(req.headers.get('accept') ?? '') ? 'text' : 'ui';
  const { response } = await sendMessage({
    conversationId: id,
    principal,
    content: messageContent(body),
    regenerate: regenerateOf(body),
    edit: editOf(body),
    model: modelOf(body),
    format,
  });
  return response;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.send);
