import { ApiError } from '@/lib/http/api-error';
import { withApi } from '@/lib/http/with-api';

// Any /api path that no route handles, /api itself included: a problem+json 404 with a request id, like every other
// API error (Next.js would answer with its HTML page), counted against the caller's rate limits.
const notFound = withApi<{ path?: string[] }>(
  async ({ req }) => {
    throw new ApiError(
      'not_found',
      `There is no API endpoint at ${new URL(req.url).pathname.slice(0, 200)}. See /api/openapi.json.`,
    );
  },
  { auth: 'public' },
);

export {
  notFound as GET,
  notFound as POST,
  notFound as PUT,
  notFound as PATCH,
  notFound as DELETE,
  notFound as OPTIONS,
};
