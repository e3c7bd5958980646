import { describe, expect, it } from 'vitest';
import { ApiError, problemResponse } from '@/lib/http/api-error';
import { asOpenAiError, paramOf } from '@/lib/http/openai-errors';
import { buildOpenApiDocument } from '@/lib/openapi/build-document';

describe('OpenAI’s error shape for the /v1 routes', () => {
  it('names a param as OpenAI does, from a JSON Pointer or a parameter', () => {
    expect(paramOf({ pointer: '#/tools', detail: '' })).toBe('tools');
    expect(paramOf({ pointer: '#/messages/0/content/1', detail: '' })).toBe('messages[0].content[1]');
    expect(paramOf({ pointer: '#/metadata/a~1b', detail: '' })).toBe('metadata.a/b');
    expect(paramOf({ pointer: '#', detail: '' })).toBeNull();
    expect(paramOf({ parameter: 'limit', detail: '' })).toBe('limit');
    expect(paramOf(undefined)).toBeNull();
  });

  it('turns a problem into {error: {message, type, param, code}} with the same status and headers', async () => {
    const limited = problemResponse(
      new ApiError('rate_limited', 'Too many requests.', { headers: { 'retry-after': '3' } }),
      'req-1',
    );
    const res = await asOpenAiError(limited);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({
      error: { message: 'Too many requests.', type: 'rate_limit_error', param: null, code: 'rate_limit_exceeded' },
    });
    const own = new ApiError('not_found', 'No model.', {
      extensions: { openai: { code: 'model_not_found', param: 'model' } },
    });
    expect(await (await asOpenAiError(problemResponse(own))).json()).toEqual({
      error: { message: 'No model.', type: 'invalid_request_error', param: 'model', code: 'model_not_found' },
    });
    const failed = await asOpenAiError(problemResponse(new ApiError('internal', 'Quote req-2.')));
    expect(((await failed.json()) as { error: { type: string } }).error.type).toBe('server_error');
    const ok = new Response('{}', { headers: { 'content-type': 'application/json' } });
    expect(await asOpenAiError(ok)).toBe(ok);
  });

  it('is what the OpenAPI document says the /v1 operations answer, every error status', () => {
    const paths = buildOpenApiDocument().paths!;
    for (const [path, method] of [
      ['/v1/chat/completions', 'post'],
      ['/v1/models', 'get'],
    ] as const) {
      const responses = (paths[path] as Record<string, { responses: Record<string, { content?: object }> }>)[method]!
        .responses;
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        expect(Object.keys(response.content ?? {}), `${method} ${path} ${status}`).toEqual(['application/json']);
      }
    }
  });
});
