import { afterEach, beforeEach, vi } from 'vitest';
import { prisma } from '@/lib/db';
import { api, bodyOf } from '../../support/http';

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
