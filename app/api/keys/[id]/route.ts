import { revokeApiKey } from '@/lib/auth/api-keys';
import { notFound } from '@/lib/http/api-error';
import { parseParams } from '@/lib/http/validation';
import { otherMethods, withApi } from '@/lib/http/with-api';
import { idParam } from '@/lib/schemas/common';

// DELETE /api/keys/{id} – revoke a key at once
export const DELETE = withApi<{ id: string }>(
  async ({ params }) => {
    const { id } = parseParams(params, idParam);
    if (!(await revokeApiKey(id))) throw notFound('key');
    return new Response(null, { status: 204 });
  },
  { auth: 'admin' },
);

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods(['DELETE']);
