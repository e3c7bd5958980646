import { editOf, messageContent, regenerateOf } from '@/lib/chat/message-content';
import { sendMessage } from '@/lib/chat/send-message';
import { otherMethods, withApi } from '@/lib/http/with-api';
import { readJson } from '@/lib/http/read-json';
import { parseParams } from '@/lib/http/validation';
import { sendMessageBody } from '@/lib/schemas/chat';
import { idParam } from '@/lib/schemas/common';

// POST /api/conversations/{id}/messages – send a message; stream the grounded, cited reply
export const POST = withApi<{ id: string }>(
  async ({ req, params, principal }) => {
    const { id } = parseParams(params, idParam);
    const body = await readJson(req, sendMessageBody());
    const content = messageContent(body);
    const format = /^\s*text\/plain\b/i.test(req.headers.get('accept') ?? '') ? 'text' : 'ui';
    const { response } = await sendMessage({
      conversationId: id,
      ownerId: principal.id,
      content,
      regenerate: regenerateOf(body),
      edit: editOf(body),
      format,
    });
    return response;
  },
  { auth: 'user', limit: 'messages' },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
