import { revokeApiKey } from '@/lib/auth/api-keys';
import { notFound } from '@/lib/http/api-error';
import { parseParams } from '@/lib/http/validation';
import { methodNotAllowed, withApi } from '@/lib/http/with-api';
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

const notAllowed = methodNotAllowed(['DELETE']);
export { notAllowed as GET, notAllowed as POST, notAllowed as PUT, notAllowed as PATCH };
