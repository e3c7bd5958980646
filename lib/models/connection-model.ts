import 'server-only';
import { createOpenAI } from '@ai-sdk/openai';
import type { EmbeddingModelV4, LanguageModelV4 } from '@ai-sdk/provider';
import type { ModelConnection } from '@/lib/db/generated/client';

/**
 * A connection's base URL is an address an admin chose, so a private one (a LAN Ollama) is
 * allowed; what is not is being sent elsewhere: redirects are refused, never followed, so a
 * server cannot bounce our request (and its key) to another host.
 */
export const noRedirectFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, { ...init, redirect: 'manual' });
  if (res.status >= 300 && res.status < 400) {
    await res.body?.cancel();
    throw new RedirectRefused(res.status);
  }
  return res;
};

export class RedirectRefused extends Error {
  override name = 'RedirectRefused';
  constructor(readonly status: number) {
    super(`the server answered a redirect (${status}), which is not followed`);
  }
}

/** One of a connection's models behind the AI SDK, on the wire API the connection names. */
export function connectionLanguageModel(
  c: ModelConnection,
  apiKey: string | undefined,
  modelId: string,
): LanguageModelV4 {
  const openai = createOpenAI({
    apiKey: apiKey ?? 'unused',
    baseURL: c.baseUrl,
    fetch: noRedirectFetch,
  });
  return c.wireApi === 'responses' ? openai.responses(modelId) : openai.chat(modelId);
}

/** One of a connection's models as an embedding model (`POST {baseUrl}/embeddings`, whatever its wire API). */
export function connectionEmbeddingModel(
  c: ModelConnection,
  apiKey: string | undefined,
  modelId: string,
): EmbeddingModelV4 {
  const openai = createOpenAI({ apiKey: apiKey ?? 'unused', baseURL: c.baseUrl, fetch: noRedirectFetch });
  return openai.embeddingModel(modelId);
}
