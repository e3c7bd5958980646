import { feedbackApi as api } from '@/lib/api/feedback';
import { clearRating, rateReply } from '@/lib/conversations/message-feedback';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';

// PUT /api/conversations/{id}/messages/{messageId}/feedback – rate a reply (or change its rating)
export const PUT = serveRoute(api.rate, async ({ params: { id, messageId }, body: { rating, comment }, principal }) =>
  json(await rateReply({ conversationId: id, ownerId: principal.id, messageId, rating, comment })),
);

// DELETE /api/conversations/{id}/messages/{messageId}/feedback – take the rating back
export const DELETE = serveRoute(api.unrate, async ({ params: { id, messageId }, principal }) => {
  await clearRating({ conversationId: id, ownerId: principal.id, messageId });
  return new Response(null, { status: 204 });
});

export const { GET, POST, PATCH, OPTIONS } = otherMethods(api.rate, api.unrate);
