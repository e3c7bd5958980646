import type { FieldError, Problem } from './api-error';

/**
 * OpenAI's error shape, which its SDKs read (`BadRequestError.param`, `.code`, `.type`): the
 * `/v1` routes answer in it instead of problem+json, with the same status and headers.
 */
export interface OpenAiError {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** What a handler can say beyond the status: a problem's `openai` extension member. */
export interface OpenAiErrorDetail {
  code?: string;
  param?: string;
}

const TYPE_BY_STATUS: Record<number, { type: string; code: string | null }> = {
  400: { type: 'invalid_request_error', code: null },
  401: { type: 'invalid_request_error', code: 'invalid_api_key' },
  403: { type: 'permission_error', code: null },
  404: { type: 'invalid_request_error', code: 'not_found' },
  405: { type: 'invalid_request_error', code: 'method_not_allowed' },
  413: { type: 'invalid_request_error', code: 'request_too_large' },
  415: { type: 'invalid_request_error', code: 'unsupported_media_type' },
  429: { type: 'rate_limit_error', code: 'rate_limit_exceeded' },
};

/** A JSON Pointer into the body (`#/messages/0/content`) as OpenAI names a param (`messages[0].content`). */
export function paramOf(error: FieldError | undefined): string | null {
  if (!error) return null;
  if (error.parameter) return error.parameter;
  if (!error.pointer || error.pointer === '#') return null;
  return error.pointer
    .slice(2)
    .split('/')
    .map((segment) => decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce(
      (name, segment) => (/^\d+$/.test(segment) ? `${name}[${segment}]` : name ? `${name}.${segment}` : segment),
      '',
    );
}

export function openAiErrorBody(problem: Problem & { openai?: OpenAiErrorDetail }): OpenAiError {
  const usual = TYPE_BY_STATUS[problem.status] ?? {
    type: problem.status >= 500 ? 'server_error' : 'invalid_request_error',
    code: null,
  };
  return {
    error: {
      message: problem.detail,
      type: usual.type,
      param: problem.openai?.param ?? paramOf(problem.errors?.[0]),
      code: problem.openai?.code ?? usual.code,
    },
  };
}

/** A problem+json response as the same error in OpenAI's shape; any other response as it is. */
export async function asOpenAiError(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.startsWith('application/problem+json')) return response;
  const problem = (await response.json()) as Problem & { openai?: OpenAiErrorDetail };
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(openAiErrorBody(problem)), { status: response.status, headers });
}
