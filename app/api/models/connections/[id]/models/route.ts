import { modelsApi as api } from '@/lib/api/models';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { getConnectionOrThrow } from '@/lib/models/connections';
import { listUpstreamModels } from '@/lib/models/test-connection';

// GET /api/models/connections/{id}/models – the models its server lists
export const GET = serveRoute(api.connectionModels, async ({ params: { id } }) =>
  json({ data: await listUpstreamModels(await getConnectionOrThrow(id)) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.connectionModels);
