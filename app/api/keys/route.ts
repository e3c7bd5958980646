import { adminApi as api } from '@/lib/api/admin';
import { createApiKey, listApiKeys } from '@/lib/auth/api-keys';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { presentKey } from '@/lib/schemas/keys';

// GET /api/keys – keys newest first, revoked ones too (never the keys themselves)
export const GET = serveRoute(api.listKeys, async ({ query: { limit, cursor } }) => {
  const { keys, nextCursor } = await listApiKeys({ limit, cursor });
  return json({ data: keys.map(presentKey), nextCursor });
});

// POST /api/keys – create a key; the response is the only time it is shown
export const POST = serveRoute(api.createKey, async ({ body: { name, role } }) => {
  const created = await createApiKey({ name, role });
  return json(
    { ...presentKey(created), key: created.key },
    { status: 201, headers: { location: `/api/keys/${created.id}` } },
  );
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.listKeys, api.createKey);
