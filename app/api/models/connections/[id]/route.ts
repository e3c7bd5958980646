import { modelsApi as api } from '@/lib/api/models';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { connectionView, deleteConnection, updateConnection } from '@/lib/models/connections';

// PATCH /api/models/connections/{id} – rename, re-point, enable or disable it, or change its key
export const PATCH = serveRoute(api.updateConnection, async ({ params: { id }, body }) =>
  json(connectionView(await updateConnection(id, body))),
);

// DELETE /api/models/connections/{id} – delete it (a default model of it falls back to local)
export const DELETE = serveRoute(api.deleteConnection, async ({ params: { id } }) => {
  await deleteConnection(id);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, OPTIONS } = otherMethods(api.updateConnection, api.deleteConnection);
