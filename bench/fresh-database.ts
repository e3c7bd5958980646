// A database of its own for each benchmark server or process: a directory for embedded PGlite,
// or with BENCH_DATABASE_URL=postgres://… a new database on that PostgreSQL server.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

export const databaseServerUrl = process.env.BENCH_DATABASE_URL || undefined;

const dataRoot = path.resolve(import.meta.dirname, '..', 'data');

/** A database nobody else uses, named `name` (letters, digits, underscores); `drop` removes it. */
export async function freshDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a database name: ${name}`);
  if (!databaseServerUrl) {
    const dataDir = path.join(dataRoot, name);
    mkdirSync(dataDir, { recursive: true });
    return { url: `pglite:${dataDir}`, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const { default: pg } = await import('pg');
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: databaseServerUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(databaseServerUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
