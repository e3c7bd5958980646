import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { newVisitorCookie } from '@/lib/auth/session-cookies';
import { config } from '@/lib/config';
import { api, newKey } from '../../support/http';
import { withSettings } from '../../support/with-settings';
import { newConversation, readReply, send } from '../chat/chat-helpers';
import { openaiClient } from './openai-client';

const COMPLETIONS = '/api/v1/chat/completions';
const ask = { model: 'local', messages: [{ role: 'user' as const, content: 'How do I feed a starter?' }] };

/** OpenAI's error shape, exactly: what its SDKs read. */
async function expectOpenAiError(
  res: Response,
  status: number,
  error: { param?: string | null; code?: string | null },
) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/json');
  const body = (await res.json()) as { error: Record<string, unknown> };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error).toEqual({
    message: expect.any(String),
    type: expect.any(String),
    param: error.param === undefined ? expect.toBeOneOf([expect.any(String), null]) : error.param,
    code: error.code === undefined ? expect.toBeOneOf([expect.any(String), null]) : error.code,
  });
  expect(JSON.stringify(body)).not.toMatch(/gwk_|at \w+ \(|node_modules/); // no key, no stack trace
  return body.error;
}

describe('the OpenAI-compatible endpoints refuse in OpenAI’s error shape', () => {
  it('401 without a key, with a bad one, and with a malformed Authorization header', async () => {
    await expectOpenAiError(await api('POST', COMPLETIONS, { json: ask }), 401, { code: 'invalid_api_key' });
    await expectOpenAiError(await api('GET', '/api/v1/models'), 401, { code: 'invalid_api_key' });
    await expectOpenAiError(
      await api('POST', COMPLETIONS, { json: ask, headers: { authorization: 'Basic abc' } }),
      401,
      {},
    );
    const denied = await api('GET', '/api/v1/models', { headers: { 'x-middleware-subrequest': 'middleware' } });
    await expectOpenAiError(denied, 401, {});
    const bad = openaiClient('gwk_not-a-key');
    for (const call of [() => bad.chat.completions.create(ask), () => bad.models.list()]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
      expect((error as InstanceType<typeof OpenAI.AuthenticationError>).code).toBe('invalid_api_key');
    }
  });

  it('400 naming the param for what would change the answer’s meaning: tools, n > 1, JSON output…', async () => {
    const { key } = await newKey('user');
    const client = openaiClient(key);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ tools: [{ type: 'function', function: { name: 'f', parameters: {} } }] }, 'tools'],
      [{ tool_choice: 'required' }, 'tool_choice'],
      [{ n: 2 }, 'n'],
      [{ response_format: { type: 'json_object' } }, 'response_format'],
      [{ logprobs: true }, 'logprobs'],
      [{ modalities: ['text', 'audio'] }, 'modalities'],
      [
        { messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x/y.png' } }] }] },
        'messages[0].content[0]',
      ],
      [{ messages: [{ role: 'tool', content: 'x', tool_call_id: 'c' }, ...ask.messages] }, 'messages[0].role'],
      [{ messages: [] }, 'messages'],
      [{ messages: [{ role: 'system', content: 'Only a system message.' }] }, 'messages'],
      [{ messages: [...ask.messages, { role: 'assistant', content: 'A reply last.' }] }, 'messages'],
      [{ messages: [{ role: 'user', content: ' \u200b ' }] }, 'messages[0].content'],
      [{ messages: 'How do I feed a starter?' }, 'messages'],
      [{ temperature: 'warm' }, 'temperature'],
      [{ model: '' }, 'model'],
    ];
    for (const [change, param] of cases) {
      const error = await client.chat.completions.create({ ...ask, ...change } as never).catch((e: unknown) => e);
      expect(error, JSON.stringify(change)).toBeInstanceOf(OpenAI.BadRequestError);
      expect((error as InstanceType<typeof OpenAI.BadRequestError>).param, JSON.stringify(change)).toBe(param);
    }
    // What does not change the meaning is taken.
    const fine = await client.chat.completions.create({
      ...ask,
      temperature: 0,
      top_p: 1,
      n: 1,
      user: 'u-1',
      seed: 7,
      stop: ['\n\n\n'],
      max_completion_tokens: 400,
      tool_choice: 'none',
      response_format: { type: 'text' },
      metadata: { job: 'nightly' },
    });
    expect(fine.choices).toHaveLength(1);
  });

  it('400 for malformed JSON and a message one character over the limit; 413 over the body limit; 415', async () => {
    const { key } = await newKey('user');
    const raw = (body: string, type = 'application/json') =>
      api('POST', COMPLETIONS, { key, body, headers: { 'content-type': type } });
    expect((await expectOpenAiError(await raw('{"model": "local", "messages": ['), 400, { param: null })).type).toBe(
      'invalid_request_error',
    );
    await expectOpenAiError(await raw('[]'), 400, { param: null });
    const max = config().MAX_MESSAGE_CHARS;
    const long = { ...ask, messages: [{ role: 'user', content: 'a'.repeat(max + 1) }] };
    await expectOpenAiError(await api('POST', COMPLETIONS, { key, json: long }), 400, {
      param: 'messages[0].content',
    });
    const huge = JSON.stringify({ ...ask, padding: 'x'.repeat(config().MAX_JSON_BYTES) });
    await expectOpenAiError(await raw(huge), 413, { code: 'request_too_large' });
    await expectOpenAiError(await raw('model=local', 'application/x-www-form-urlencoded'), 415, {});
    await expectOpenAiError(await raw('{"model":"local","messages":[{"role":"user","content":"a\\u0000b"}]}'), 400, {
      param: 'messages[0].content',
    });
  });

  it('ignores unknown members and __proto__, refuses lone surrogates, and cookie writes from another origin', async () => {
    const { key } = await newKey('user');
    const extra = '{"model":"local","messages":[{"role":"user","content":"hi"}],"__proto__":{"stream":true},"foo":1}';
    const res = await api('POST', COMPLETIONS, { key, body: extra, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json'); // not streamed: __proto__ set nothing
    const surrogate = '{"model":"local","messages":[{"role":"user","content":"a\\ud800b"}]}';
    await expectOpenAiError(
      await api('POST', COMPLETIONS, { key, body: surrogate, headers: { 'content-type': 'application/json' } }),
      400,
      { param: 'messages[0].content' },
    );
    const visitor = `gw_visitor=${(await newVisitorCookie(false)).value}`;
    const crossSite = await withSettings({ ANONYMOUS_ACCESS: 'on' }, () =>
      api('POST', COMPLETIONS, { cookie: visitor, json: ask, headers: { origin: 'https://evil.example' } }),
    );
    await expectOpenAiError(crossSite, 403, {});
  });

  it('404 model_not_found for a model it does not serve, the name echoed inert', async () => {
    const { key } = await newKey('user');
    const client = openaiClient(key);
    for (const model of [
      'gpt-4o',
      'local@',
      'local@not-a-collection',
      "local@x' OR '1'='1",
      'local@\u001b[31mred\r\nX: y',
    ]) {
      const error = await client.chat.completions.create({ ...ask, model }).catch((e: unknown) => e);
      expect(error, model).toBeInstanceOf(OpenAI.NotFoundError);
      const notFound = error as InstanceType<typeof OpenAI.NotFoundError>;
      expect(notFound.code).toBe('model_not_found');
      expect(notFound.param).toBe('model');
      expect(notFound.message).not.toMatch(/[\u0000-\u001f]/);
    }
  });

  it('shares the message rate limit with conversation sends: 429 with Retry-After', async () => {
    await withSettings({ RATE_LIMIT_MESSAGES: 2 }, async () => {
      const { key } = await newKey('user');
      await readReply(await send(key, await newConversation(key), { content: 'hello' }));
      expect((await api('POST', COMPLETIONS, { key, json: ask })).status).toBe(200);
      const limited = await api('POST', COMPLETIONS, { key, json: ask });
      await expectOpenAiError(limited, 429, { code: 'rate_limit_exceeded' });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      const error = await openaiClient(key)
        .chat.completions.create(ask)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    });
  });

  it('405 for another method', async () => {
    const { key } = await newKey('user');
    expect((await api('GET', COMPLETIONS, { key })).status).toBe(405);
    expect((await api('DELETE', '/api/v1/models', { key })).status).toBe(405);
  });
});
