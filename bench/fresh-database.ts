// A database of its own for each benchmark server or process: a directory for embedded PGlite,
// or with BENCH_DATABASE_URL=postgres://… a new database on that PostgreSQL server.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createServerDatabase } from '../scripts/server-database';

export const databaseServerUrl = process.env.BENCH_DATABASE_URL || undefined;

const dataRoot = path.resolve(import.meta.dirname, '..', 'data');

/** A database nobody else uses, named `name`; `drop` removes it. */
export async function freshDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!databaseServerUrl) {
    const dataDir = path.join(dataRoot, name);
    mkdirSync(dataDir, { recursive: true });
    return { url: `pglite:${dataDir}`, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  return createServerDatabase(databaseServerUrl, name);
}

/**
 * Runs a benchmark script (`bench/<file>`) in a process of its own on a fresh database, and
 * resolves with the JSON object its last line of output prints.
 */
export async function runInOwnProcess(file: string, name: string): Promise<Record<string, number>> {
  const database = await freshDatabase(`${name}_${process.pid}`);
  // Asynchronous, not spawnSync: a blocked event loop leaves this process's HTTP
  // connections to the server stale, and the next suite's first request fails (EPIPE).
  const child = spawn(
    path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'node'),
    ['--conditions=react-server', '--import', 'tsx', path.join(import.meta.dirname, file)],
    {
      cwd: path.join(import.meta.dirname, '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: 30 * 60_000,
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn', INGEST_WORKER: 'false' },
    },
  );
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  await new Promise<void>((resolve) => child.on('close', () => resolve()));
  await database.drop();
  const line = stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as Record<string, number>;
  } catch {
    throw new Error(`${file} failed (exit ${child.exitCode}): ${line}`);
  }
}
