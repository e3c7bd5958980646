import { readJson } from '@/lib/http/read-json';
import { json, otherMethods, withApi } from '@/lib/http/with-api';
import { deleteSources } from '@/lib/knowledge/sources';
import { deleteSourcesBody } from '@/lib/schemas/knowledge';

// POST /api/knowledge/sources/delete – delete the sources listed in `ids` (ingestions under way are cancelled)
export const POST = withApi(
  async ({ req }) => {
    const { ids } = await readJson(req, deleteSourcesBody());
    return json(await deleteSources(ids));
  },
  { auth: 'admin' },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
