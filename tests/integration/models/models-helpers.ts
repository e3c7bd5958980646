import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { prisma } from '@/lib/db';
import { api, bodyOf, newKey } from '../../support/http';
import { startOpenAIStandin, type Standin, type StandinOptions } from '../../support/openai-standin';

/** Every line the logger writes while a test runs (stdout and stderr), for asserting what is never logged. */
export function captureLogs(): string[] {
  const written: string[] = [];
  let spies: { mockRestore(): void }[] = [];
  beforeEach(() => {
    written.length = 0;
    spies = [process.stdout, process.stderr].map((stream) =>
      vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
        written.push(String(chunk));
        return true;
      }),
    );
  });
  afterEach(() => spies.forEach((s) => s.mockRestore()));
  return written;
}

export async function addConnection(admin: string, json: Record<string, unknown>) {
  const res = await api('POST', '/api/models/connections', { key: admin, json: { name: 'Stand-in', ...json } });
  if (res.status !== 201) throw new Error(`POST /api/models/connections: ${res.status} ${await res.text()}`);
  return bodyOf<{ id: string; [k: string]: unknown }>(res);
}

/** Connections and the stored default go, so the next file (sharing a PostgreSQL database) starts clean. */
export async function forgetModels(): Promise<void> {
  const db = await prisma();
  await db.modelConnection.deleteMany({});
  await db.setting.deleteMany({
    where: { key: { in: ['chat_model', 'chat_models_allowed', 'ollama_suggested', 'embedding_model'] } },
  });
  const { forgetChosenModel } = await import('@/lib/models/default-model');
  forgetChosenModel();
  const { forgetChosenEmbeddingModel } = await import('@/lib/models/embedding-choice');
  forgetChosenEmbeddingModel();
}

export interface ModelsFixture {
  standin: Standin;
  admin: string;
  user: string;
}

/**
 * A file's stand-in OpenAI-compatible server and an admin's and a user's key (handed to `set`
 * once made); before each test the stand-in forgets its requests and answers with `options`,
 * and (`clean`) connections and the stored choices go. After the file, they go too.
 */
export function withModelsFixture(
  options: StandinOptions,
  set: (fixture: ModelsFixture) => void,
  { clean = true }: { clean?: boolean } = {},
): void {
  let standin: Standin;
  beforeAll(async () => {
    standin = await startOpenAIStandin();
    set({ standin, admin: (await newKey('admin')).key, user: (await newKey('user')).key });
  });
  afterAll(async () => {
    await forgetModels();
    await standin.close();
  });
  beforeEach(async () => {
    if (clean) await forgetModels();
    standin.requests.length = 0;
    standin.options = { ...options };
  });
}
