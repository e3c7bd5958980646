import { createApiKey, listApiKeys } from '@/lib/auth/api-keys';
import { readJson } from '@/lib/http/read-json';
import { json, otherMethods, withApi } from '@/lib/http/with-api';
import { createKeyBody, presentKey } from '@/lib/schemas/keys';

// GET /api/keys – every key, newest first (never the keys themselves)
export const GET = withApi(async () => json({ data: (await listApiKeys()).map(presentKey) }), { auth: 'admin' });

// POST /api/keys – create a key; the response is the only time it is shown
export const POST = withApi(
  async ({ req }) => {
    const { name, role } = await readJson(req, createKeyBody());
    const created = await createApiKey({ name, role });
    return json({ ...presentKey(created), key: created.key }, { status: 201, headers: { location: `/api/keys/${created.id}` } });
  },
  { auth: 'admin' },
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
