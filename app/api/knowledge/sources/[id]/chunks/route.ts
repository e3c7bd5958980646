import { parseParams, parseQuery } from '@/lib/http/validation';
import { json, otherMethods, withApi } from '@/lib/http/with-api';
import { listSourceChunks } from '@/lib/knowledge/sources';
import { idParam } from '@/lib/schemas/common';
import { sourceChunksQuery } from '@/lib/schemas/knowledge';

type Params = { id: string };

// GET /api/knowledge/sources/{id}/chunks – the passages search reads for a source, in order
export const GET = withApi<Params>(
  async ({ req, params }) => {
    const { id } = parseParams(params, idParam);
    const { limit, cursor } = parseQuery(req, sourceChunksQuery());
    return json(await listSourceChunks(id, { limit, cursor }));
  },
  { auth: 'user' },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
