import OpenAI from 'openai';
import { BASE, callRoute } from '../../support/http';

/** The official `openai` client, its requests served by the real route handlers (no server process). */
export function openaiClient(apiKey: string, headers: Record<string, string> = {}): OpenAI {
  return new OpenAI({
    apiKey,
    baseURL: `${BASE}/api/v1`,
    maxRetries: 0,
    defaultHeaders: headers,
    fetch: (input, init) => callRoute(new Request(input, init)),
  });
}

/** The members OpenAI's format lacks and ours adds. */
export interface Citation {
  n: number;
  sourceId: string;
  chunkId: string;
  title: string;
  snippet: string;
  location: { start: number; end: number };
  url?: string;
}
export const citationsOf = (value: object) => (value as { citations?: Citation[] }).citations;
export const searchedForOf = (value: object) => (value as { searched_for?: string }).searched_for;
