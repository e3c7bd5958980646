import { describe, expect, it } from 'vitest';
import { ApiError, problemResponse } from '@/lib/http/api-error';

describe('problem responses', () => {
  it.each([
    ['bad_request', 400],
    ['validation', 400],
    ['unauthorized', 401],
    ['forbidden', 403],
    ['not_found', 404],
    ['method_not_allowed', 405],
    ['conflict', 409],
    ['payload_too_large', 413],
    ['unsupported_media_type', 415],
    ['unprocessable', 422],
    ['rate_limited', 429],
    ['internal', 500],
    ['not_implemented', 501],
    ['unavailable', 503],
  ] as const)('maps %s to %i as RFC 9457 problem+json', async (code, status) => {
    const res = problemResponse(new ApiError(code, 'what happened', { headers: { 'retry-after': '3' } }), 'req-1');
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.headers.get('x-request-id')).toBe('req-1');
    expect(res.headers.get('retry-after')).toBe('3');
    expect(await res.json()).toMatchObject({
      status,
      detail: 'what happened',
      type: expect.stringContaining(code.replaceAll('_', '-')),
    });
  });
});
