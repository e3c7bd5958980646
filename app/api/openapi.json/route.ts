import { json, otherMethods, withApi } from '@/lib/http/with-api';
import { buildOpenApiDocument } from '@/lib/openapi/build-document';

let cached: unknown;

// GET /api/openapi.json – the OpenAPI 3.1 document (public)
export const GET = withApi(
  async () => {
    cached ??= buildOpenApiDocument();
    return json(cached, { headers: { 'cache-control': 'public, max-age=300' } });
  },
  { auth: 'public', limit: 'none' },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
