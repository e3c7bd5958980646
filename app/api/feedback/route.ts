import { listFeedback } from '@/lib/conversations/message-feedback';
import { parseQuery } from '@/lib/http/validation';
import { json, otherMethods, withApi } from '@/lib/http/with-api';
import { listFeedbackQuery } from '@/lib/schemas/feedback';

// GET /api/feedback – every rating of a reply, newest first, with its question and reply (admin)
export const GET = withApi(
  async ({ req }) => {
    const query = parseQuery(req, listFeedbackQuery());
    return json(await listFeedback(query));
  },
  { auth: 'admin' },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
