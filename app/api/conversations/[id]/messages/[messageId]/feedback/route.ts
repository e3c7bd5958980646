import { clearRating, rateReply } from '@/lib/conversations/message-feedback';
import { readJson } from '@/lib/http/read-json';
import { parseParams } from '@/lib/http/validation';
import { json, otherMethods, withApi } from '@/lib/http/with-api';
import { feedbackBody, messageParams } from '@/lib/schemas/feedback';

type Params = { id: string; messageId: string };

// PUT /api/conversations/{id}/messages/{messageId}/feedback – rate a reply (or change its rating)
export const PUT = withApi<Params>(
  async ({ req, params, principal }) => {
    const { id, messageId } = parseParams(params, messageParams);
    const { rating, comment } = await readJson(req, feedbackBody());
    return json(await rateReply({ conversationId: id, ownerId: principal.id, messageId, rating, comment }));
  },
  { auth: 'user' },
);

// DELETE /api/conversations/{id}/messages/{messageId}/feedback – take the rating back
export const DELETE = withApi<Params>(
  async ({ params, principal }) => {
    const { id, messageId } = parseParams(params, messageParams);
    await clearRating({ conversationId: id, ownerId: principal.id, messageId });
    return new Response(null, { status: 204 });
  },
  { auth: 'user' },
);

export const { GET, POST, PATCH, OPTIONS } = otherMethods(['PUT', 'DELETE']);
