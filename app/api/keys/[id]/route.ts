import { LastAdminKeyError, revokeApiKey } from '@/lib/auth/api-keys';
import { ApiError, notFound } from '@/lib/http/api-error';
import { parseParams } from '@/lib/http/validation';
import { otherMethods, withApi } from '@/lib/http/with-api';
import { idParam } from '@/lib/schemas/common';

// DELETE /api/keys/{id} – revoke a key at once (409 for the last active admin key)
export const DELETE = withApi<{ id: string }>(
  async ({ params }) => {
    const { id } = parseParams(params, idParam);
    const revoked = await revokeApiKey(id).catch((error: unknown) => {
      throw error instanceof LastAdminKeyError ? new ApiError('conflict', error.message) : error;
    });
    if (!revoked) throw notFound('key');
    return new Response(null, { status: 204 });
  },
  { auth: 'admin' },
);

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods(['DELETE']);
