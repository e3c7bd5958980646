import 'server-only';
import { bootstrapAdmin } from '@/lib/auth/bootstrap-admin';
import { publishSessionSecret } from '@/lib/auth/secret-cache';
import { getSessionSecret } from '@/lib/auth/session-secret';
import { recoverInterruptedReplies } from '@/lib/conversations/reply/recover-interrupted-replies';
import { config } from '@/lib/config';
import { closeDatabase, getDatabase } from '@/lib/db';
import { interceptIncomingRequests } from '@/lib/http/incoming-requests';
import { errorFields, log } from '@/lib/log';
import { detectOllama } from '@/lib/models/detect-ollama';

/**
 * Everything the server does once before it takes requests: validate the
 * configuration, open and migrate the database, make sure an admin exists,
 * and start the background work.
 */
export async function boot(): Promise<void> {
  const c = config();
  interceptIncomingRequests();
  const db = await getDatabase();
  log.info('database ready', { backend: db.backend });
  await bootstrapAdmin();
  publishSessionSecret(await getSessionSecret());
  await recoverInterruptedReplies();
  const stops: Array<() => Promise<void>> = [];
  const started = await startBackgroundWork(c.INGEST_WORKER);
  stops.push(...started);
  // Spelling correction's dictionary and word list, loaded once the server is up rather than on a first question.
  setTimeout(
    () =>
      void import('@/lib/knowledge/index')
        .then((index) => index.warmEnglishLexicon())
        .catch((error: unknown) => log.warn('could not load the spelling dictionary', errorFields(error)))
        // Then a local Ollama, offered (disabled) as a model connection; it logs its own failure. After
        // the loading above, which holds the event loop for about a second: the probe's timeout is short.
        .finally(() => void detectOllama()),
    0,
  );
  const shutdown = async (signal: string) => {
    log.info('shutting down', { signal });
    await Promise.allSettled(stops.map((stop) => stop()));
    await closeDatabase().catch(() => {});
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

/** boot(), or exit with the reason on stderr: a server that cannot start must not half-run. */
export async function bootOrExit(): Promise<void> {
  try {
    await boot();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`\nGroundwork could not start:\n${message}\n\n`);
    process.exit(1);
  }
}

async function startBackgroundWork(ingest: boolean): Promise<Array<() => Promise<void>>> {
  if (!ingest) return [];
  const { startIngestWorker } = await import('@/lib/knowledge/ingest');
  const worker = startIngestWorker();
  return [() => worker.stop()];
}
