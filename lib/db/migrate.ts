import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database, SqlSession } from './driver';

/**
 * Applies prisma/migrations/* in order and records each in `_prisma_migrations`
 * exactly as `prisma migrate deploy` does (same table, checksum and lock), so
 * the Prisma CLI and this runner can take turns on one database.
 */

// The advisory lock key Prisma's migrate engine uses: instances starting at once wait here.
const PRISMA_MIGRATE_LOCK = 72707369;

const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export class MissingExtensionError extends Error {
  override name = 'MissingExtensionError';
}

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export async function loadMigrations(dir: string): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

/** What each extension the migrations create is, for the message when a server lacks it. */
const REQUIRED_EXTENSIONS: Record<string, string> = {
  vector: 'pgvector, https://github.com/pgvector/pgvector',
  pg_trgm: 'part of PostgreSQL\'s contrib modules, e.g. the postgresql-contrib package',
};

/** Stops with a message naming each extension the server cannot provide, before anything is created. */
export async function assertExtensions(session: SqlSession): Promise<void> {
  const names = Object.keys(REQUIRED_EXTENSIONS);
  const rows = await session.query<{ name: string }>(`SELECT name FROM pg_available_extensions WHERE name = ANY($1)`, [names]);
  const missing = names.filter((name) => !rows.some((r) => r.name === name));
  if (missing.length > 0) {
    throw new MissingExtensionError(
      `The PostgreSQL server does not provide ${missing.map((name) => `the "${name}" extension (${REQUIRED_EXTENSIONS[name]})`).join(' or ')}. ` +
        `Install ${missing.length > 1 ? 'them' : 'it'} on the server, or unset DATABASE_URL to use the embedded database.`,
    );
  }
}

export interface MigrateResult {
  applied: string[];
}

export async function migrate(db: Database, dir: string): Promise<MigrateResult> {
  const migrations = await loadMigrations(dir);
  const session = await db.session();
  try {
    await assertExtensions(session);
    await session.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK]);
    try {
      await session.exec(MIGRATIONS_TABLE);
      const rows = await session.query<{ migration_name: string; finished_at: Date | null; rolled_back_at: Date | null }>(
        'SELECT migration_name, finished_at, rolled_back_at FROM "_prisma_migrations"',
      );
      const failed = rows.find((r) => r.finished_at === null && r.rolled_back_at === null);
      if (failed) {
        throw new Error(
          `Migration ${failed.migration_name} failed earlier and was not rolled back; resolve it with \`prisma migrate resolve\` before starting.`,
        );
      }
      const done = new Set(rows.filter((r) => r.finished_at !== null).map((r) => r.migration_name));
      const applied: string[] = [];
      for (const m of migrations) {
        if (done.has(m.name)) continue;
        await applyOne(session, m);
        applied.push(m.name);
      }
      return { applied };
    } finally {
      await session.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK]);
    }
  } finally {
    await session.release();
  }
}

async function applyOne(session: SqlSession, m: Migration): Promise<void> {
  const id = randomUUID();
  await session.query(
    'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)',
    [id, m.checksum, m.name],
  );
  try {
    // Unlike the Prisma CLI we run each migration in a transaction: PostgreSQL DDL is
    // transactional, so a failed migration leaves nothing half-applied.
    await session.exec(`BEGIN;\n${m.sql}\nCOMMIT;`);
  } catch (error) {
    await session.exec('ROLLBACK').catch(() => {});
    await session.query('UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1', [id, String(error)]);
    throw new Error(`Migration ${m.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  await session.query(
    'UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1',
    [id],
  );
}
