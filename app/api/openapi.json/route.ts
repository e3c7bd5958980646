import { adminApi as api } from '@/lib/api/admin';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { buildOpenApiDocument } from '@/lib/openapi/build-document';

let cached: unknown;

// GET /api/openapi.json – the OpenAPI 3.1 document (public)
export const GET = serveRoute(api.openapi, async () => {
  cached ??= buildOpenApiDocument();
  return json(cached, { headers: { 'cache-control': 'public, max-age=300' } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.openapi);
