import { readableCollections } from '@/lib/access';
import { feedbackApi as api } from '@/lib/api/feedback';
import { listFeedback } from '@/lib/conversations/message-feedback';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';

// GET /api/feedback – every rating of a reply, newest first, with its question and reply (admin)
export const GET = serveRoute(api.list, async ({ query, principal }) =>
  json(await listFeedback({ ...query, reach: await readableCollections(principal) })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.list);
