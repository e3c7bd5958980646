import { readableCollections } from '@/lib/access';
import { feedbackApi as api } from '@/lib/api/feedback';
import { usageReport } from '@/lib/conversations/usage-report';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';

// GET /api/usage – conversations, questions and replies per day, and the sources replies cite (admin)
export const GET = serveRoute(api.usage, async ({ query, principal }) =>
  json(await usageReport({ ...query, reach: await readableCollections(principal) })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.usage);
