import { parseParams } from '@/lib/http/validation';
import { json, otherMethods, withApi } from '@/lib/http/with-api';
import { retrySource } from '@/lib/knowledge/sources';
import { toSourceJson } from '@/lib/knowledge/sources';
import { idParam } from '@/lib/schemas/common';

type Params = { id: string };

// POST /api/knowledge/sources/{id}/retry – queue a failed source again with the content it failed on
export const POST = withApi<Params>(
  async ({ params }) => {
    const { id } = parseParams(params, idParam);
    const source = await retrySource(id);
    return json(toSourceJson(source), { status: 202, headers: { location: `/api/knowledge/sources/${id}` } });
  },
  { auth: 'admin' },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
