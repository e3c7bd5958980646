import { modelsApi as api } from '@/lib/api/models';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { getConnectionOrThrow } from '@/lib/models/connections';
import { testConnection } from '@/lib/models/test-connection';

// POST /api/models/connections/{id}/test – GET /models and a one-token completion (502/504 say what failed)
export const POST = serveRoute(api.testConnection, async ({ params: { id }, body }) =>
  json(await testConnection(await getConnectionOrThrow(id), body.model)),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.testConnection);
