// A database of its own for each benchmark server or process: a directory for embedded PGlite,
// or with BENCH_DATABASE_URL=postgres://… a new database on that PostgreSQL server.
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
