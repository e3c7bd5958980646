import { createApiKey, listApiKeys } from '@/lib/auth/api-keys';
import { readJson } from '@/lib/http/read-json';
import { parseQuery } from '@/lib/http/validation';
import { json, otherMethods, withApi } from '@/lib/http/with-api';
import { createKeyBody, listKeysQuery, presentKey } from '@/lib/schemas/keys';

// GET /api/keys – keys newest first, revoked ones too (never the keys themselves)
export const GET = withApi(
  async ({ req }) => {
    const { limit, cursor } = parseQuery(req, listKeysQuery());
    const { keys, nextCursor } = await listApiKeys({ limit, cursor });
    return json({ data: keys.map(presentKey), nextCursor });
  },
  { auth: 'admin' },
);

// POST /api/keys – create a key; the response is the only time it is shown
export const POST = withApi(
  async ({ req }) => {
    const { name, role } = await readJson(req, createKeyBody());
    const created = await createApiKey({ name, role });
    return json(
      { ...presentKey(created), key: created.key },
      { status: 201, headers: { location: `/api/keys/${created.id}` } },
    );
  },
  { auth: 'admin' },
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
