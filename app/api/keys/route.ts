import { adminApi as api } from '@/lib/api/admin';
import { listApiKeys } from '@/lib/auth/api-keys';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { presentKey } from '@/lib/schemas/keys';
import { createKeyFor } from '@/lib/users/create-key-for';
import { requireAccount } from '@/lib/users/require-account';

// GET /api/keys – keys newest first, revoked ones too (never the keys themselves): all for admins, else one's own
export const GET = serveRoute(api.listKeys, async ({ principal, query: { limit, cursor } }) => {
  const principalId = principal.role === 'admin' ? undefined : requireAccount(principal);
  const { keys, nextCursor } = await listApiKeys({ limit, cursor, principalId });
  return json({ data: keys.map(presentKey), nextCursor });
});

// POST /api/keys – create a key; the response is the only time it is shown
export const POST = serveRoute(api.createKey, async ({ principal, body }) => {
  const created = await createKeyFor(principal, body);
  return json(
    { ...presentKey(created), key: created.key },
    { status: 201, headers: { location: `/api/keys/${created.id}` } },
  );
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.listKeys, api.createKey);
