import 'server-only';
import { z } from 'zod';
import { config } from '@/lib/config';
import { prisma } from '@/lib/db';
import { log } from '@/lib/log';
import { forgetChosenModel } from './default-model';

const PROBE_MS = 1_500;
const tags = z.object({ models: z.array(z.object({ name: z.string() })) });
const globalForProbe = globalThis as unknown as { __ollamaProbe?: Promise<void> };

/**
 * Looks once per process for an Ollama server at OLLAMA_URL (its /api/tags) and, the first time
 * one answers for that address, adds it as a disabled, suggested connection: nothing is sent to
 * it until an admin enables it. A suggestion deleted stays deleted (the setting remembers it).
 */
export function detectOllama(): Promise<void> {
  globalForProbe.__ollamaProbe ??= probe().catch((error: unknown) => {
    log.debug('no Ollama found', { error: error instanceof Error ? error.message : String(error) });
    // A probe that timed out may have waited on this process (a busy start), not on Ollama: the
    // next call (the Models page's list) asks again. A refused connection or an answer is final.
    if (error instanceof Error && error.name === 'TimeoutError') globalForProbe.__ollamaProbe = undefined;
  });
  return globalForProbe.__ollamaProbe;
}

async function probe(): Promise<void> {
  const root = config().OLLAMA_URL.replace(/\/+$/, '');
  if (root === 'off') return;
  const res = await fetch(`${root}/api/tags`, { signal: AbortSignal.timeout(PROBE_MS), redirect: 'manual' });
  if (!res.ok) throw new Error(`status ${res.status}`);
  const { models } = tags.parse(await res.json());
  const db = await prisma();
  const suggested = await db.$transaction(async (tx) => {
    const seen = await tx.setting.findUnique({ where: { key: 'ollama_suggested' } });
    if (seen?.value === root) return false;
    await tx.setting.upsert({
      where: { key: 'ollama_suggested' },
      create: { key: 'ollama_suggested', value: root },
      update: { value: root },
    });
    await tx.modelConnection.create({
      data: { name: 'Ollama', baseUrl: `${root}/v1`, wireApi: 'chat', enabled: false, suggested: true },
    });
    return true;
  });
  if (suggested) {
    forgetChosenModel();
    log.info('found an Ollama server: offered as a model connection (disabled)', { url: root, models: models.length });
  }
}

/** Tests point OLLAMA_URL at a stand-in and probe again. */
export function forgetOllamaProbe(): void {
  globalForProbe.__ollamaProbe = undefined;
}
