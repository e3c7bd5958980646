import { parseJsonEventStream, readUIMessageStream, uiMessageChunkSchema, type UIMessageChunk } from 'ai';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ChatUIMessage } from '@/lib/conversations/chat-message';
import { prisma } from '@/lib/db';
import { forgetCorpusStats } from '@/lib/knowledge/index';
import { drainIngestQueue } from '@/lib/knowledge/ingest';
import { resetConfigForTests } from '@/lib/config';
import { api, bodyOf, newKey } from '../../support/http';
import { startOpenAIStandin, type Standin } from '../../support/openai-standin';

/** Reads a reply the way a client does: the AI SDK's own SSE parser and message accumulator. */
export async function readReply(res: Response): Promise<{ chunks: UIMessageChunk[]; message: ChatUIMessage }> {
  expect(res.status).toBe(200);
  const chunks: UIMessageChunk[] = [];
  const parsed = parseJsonEventStream({ stream: res.body!, schema: uiMessageChunkSchema }).pipeThrough(
    new TransformStream({
      transform(result, controller) {
        if (!result.success) throw result.error;
        chunks.push(result.value);
        controller.enqueue(result.value);
      },
    }),
  );
  let message: ChatUIMessage | undefined;
  for await (const m of readUIMessageStream<ChatUIMessage>({ stream: parsed as ReadableStream<never> })) message = m;
  return { chunks, message: message! };
}

export async function newConversation(key: string, title?: string): Promise<string> {
  const res = await api('POST', '/api/conversations', { key, json: title ? { title } : {} });
  expect(res.status).toBe(201);
  return (await bodyOf<{ id: string }>(res)).id;
}

export function send(key: string, conversationId: string, json: unknown, headers: Record<string, string> = {}) {
  return api('POST', `/api/conversations/${conversationId}/messages`, { key, json, headers });
}

export async function getConversation(key: string, id: string) {
  const res = await api('GET', `/api/conversations/${id}`, { key });
  expect(res.status).toBe(200);
  return bodyOf<{ title: string | null; messages: ChatUIMessage[] }>(res);
}

/** Waits until a reply is no longer `streaming` (the server finishes replies on its own). */
export async function settledReply(messageId: string, timeoutMs = 10_000) {
  const db = await prisma();
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await db.message.findUniqueOrThrow({ where: { id: messageId } });
    if (row.status !== 'streaming') return row;
    if (Date.now() > until) throw new Error(`reply ${messageId} still streaming`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A ready knowledge source with these paragraphs, ingested through the real API and ingest queue. */
export async function addSource(title: string, paragraphs: string[]): Promise<string> {
  adminKey ??= (await newKey('admin')).key;
  const res = await api('POST', '/api/knowledge/sources', {
    key: adminKey,
    json: { title, text: paragraphs.join('\n\n') },
  });
  expect([200, 202]).toContain(res.status); // 200: the same text is already a source
  const { id } = await bodyOf<{ id: string }>(res);
  await drainIngestQueue();
  forgetCorpusStats();
  const source = await (await prisma()).source.findUniqueOrThrow({ where: { id } });
  expect(source.status).toBe('ready');
  return id;
}
let adminKey: string | undefined;

/**
 * A guide with a section on each of two teas (`Green <tag>`, `Black <tag>`) and, above them, a
 * paragraph naming both in passing, which matches a question about either better than its section.
 */
export async function addTeaGuide(tag: string): Promise<string> {
  return addSource(`Tea ${tag} guide`, [
    `# Tea ${tag} guide`,
    `Green ${tag} or black ${tag}? Guests ask for green ${tag} and black ${tag} alike, and green ${tag} and black ${tag} cost the same.`,
    `## Green ${tag}`,
    `Green ${tag} is brewed at 80 degrees for two minutes.`,
    `## Black ${tag}`,
    `Black ${tag} needs boiling water and steeps for five minutes.`,
  ]);
}

export const textOf = (m: { parts: Array<{ type: string; text?: string }> }) =>
  m.parts
    .filter((p) => p.type === 'text')
    .map((p) => p.text ?? '')
    .join('');

/**
 * The chat model of this test file is a stand-in OpenAI server (for replies that are slow,
 * stall or die): started before the file's tests with a user key, and the environment put
 * back after them. `ready` receives both.
 */
export function withStandinChatModel(ready: (standin: Standin, key: string) => void): void {
  const saved = { ...process.env };
  let standin: Standin | undefined;
  beforeAll(async () => {
    standin = await startOpenAIStandin();
    process.env.CHAT_MODEL = 'openai:standin-model';
    process.env.OPENAI_BASE_URL = standin.baseUrl;
    process.env.OPENAI_API_KEY = 'sk-test';
    resetConfigForTests();
    ready(standin, (await newKey('user')).key);
  });
  afterAll(async () => {
    process.env = saved;
    resetConfigForTests();
    await standin?.close();
  });
}
