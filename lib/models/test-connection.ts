import 'server-only';
import { APICallError } from '@ai-sdk/provider';
import { generateText } from 'ai';
import { z } from 'zod';
import { config } from '@/lib/config';
import type { ModelConnection } from '@/lib/db/generated/client';
import { ApiError } from '@/lib/http/api-error';
import { log } from '@/lib/log';
import { connectionLanguageModel, noRedirectFetch, RedirectRefused } from './connection-model';
import { connectionSecret } from './connections';

const modelsAnswer = z.object({ data: z.array(z.object({ id: z.string(), owned_by: z.string().optional() })) });

/** `GET {baseUrl}/models`, in OpenAI's shape (Ollama's /v1, vLLM, LM Studio answer it too). */
export async function listUpstreamModels(c: ModelConnection): Promise<{ id: string; ownedBy?: string }[]> {
  const apiKey = await connectionSecret(c);
  const ms = config().MODEL_TEST_TIMEOUT_MS;
  try {
    const res = await noRedirectFetch(`${c.baseUrl}/models`, {
      headers: { accept: 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      signal: AbortSignal.timeout(ms),
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new UpstreamStatus(res.status);
    }
    const parsed = modelsAnswer.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success) throw new NotOpenAI();
    return parsed.data.data.map((m) => ({ id: m.id, ...(m.owned_by ? { ownedBy: m.owned_by } : {}) }));
  } catch (error) {
    throw upstreamProblem(c, 'GET /models', error);
  }
}

/** Lists its models, then asks one of them for one token on the connection's wire API. */
export async function testConnection(c: ModelConnection, model?: string) {
  const started = performance.now();
  const models = (await listUpstreamModels(c)).map((m) => m.id);
  const chosen = model ?? models[0];
  if (!chosen) throw new ApiError('bad_gateway', 'The server lists no models: pull or load one, then test again.');
  const apiKey = await connectionSecret(c);
  try {
    await generateText({
      model: connectionLanguageModel(c, apiKey, chosen),
      prompt: 'Reply with OK.',
      // One token; OpenAI's Responses API refuses a max_output_tokens below 16.
      maxOutputTokens: c.wireApi === 'responses' ? 16 : 1,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(config().MODEL_TEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw upstreamProblem(c, c.wireApi === 'responses' ? 'POST /responses' : 'POST /chat/completions', error);
  }
  return { ok: true as const, models, model: chosen, latencyMs: Math.round(performance.now() - started) };
}

class UpstreamStatus extends Error {
  constructor(readonly status: number) {
    super(`status ${status}`);
  }
}
class NotOpenAI extends Error {}

const causes = (error: unknown): unknown[] => {
  const out: unknown[] = [];
  for (let e = error; e && out.length < 6; e = (e as { cause?: unknown }).cause) out.push(e);
  return out;
};

/**
 * What went wrong, in words of our own: an upstream message may quote the request, so none is
 * passed on, and the key is never part of one.
 */
export function upstreamProblem(c: ModelConnection, call: string, error: unknown): ApiError {
  const host = new URL(c.baseUrl).host;
  const chain = causes(error);
  const status =
    chain.find((e): e is UpstreamStatus => e instanceof UpstreamStatus)?.status ??
    chain.find((e): e is APICallError => APICallError.isInstance(e) && e.statusCode !== undefined)?.statusCode;
  const redirect = chain.find((e): e is RedirectRefused => e instanceof RedirectRefused);
  const code = chain.map((e) => (e as { code?: unknown }).code).find((v) => typeof v === 'string');
  const timedOut = chain.some((e) => e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError'));
  let problem: ApiError;
  if (timedOut) {
    problem = new ApiError(
      'gateway_timeout',
      `${host} did not answer ${call} within ${config().MODEL_TEST_TIMEOUT_MS} ms.`,
    );
  } else if (redirect) {
    problem = new ApiError(
      'bad_gateway',
      `${host} answered ${call} with a redirect (${redirect.status}), which is not followed: use the address it redirects to.`,
      { extensions: { upstreamStatus: redirect.status } },
    );
  } else if (status !== undefined) {
    const hint =
      status === 401 || status === 403
        ? ': check the API key'
        : status === 404
          ? ': check the base URL (with its /v1) and the model'
          : '';
    problem = new ApiError('bad_gateway', `${host} answered ${call} with ${status}${hint}.`, {
      extensions: { upstreamStatus: status },
    });
  } else if (
    code &&
    /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|EHOSTUNREACH|ENETUNREACH|UND_ERR_SOCKET)$/.test(code)
  ) {
    problem = new ApiError('bad_gateway', `Could not reach ${host} (${code}).`);
  } else {
    problem = new ApiError(
      'bad_gateway',
      `${host} answered ${call} with something that is not the OpenAI wire format.`,
    );
  }
  log.warn('model connection call failed', {
    connectionId: c.id,
    call,
    status: problem.status,
    detail: problem.message,
  });
  return problem;
}
