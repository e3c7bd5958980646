import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database, SqlSession } from './driver';
import { extensionPrivilegeError } from './extension-privilege';

/**
 * Applies prisma/migrations/* in order and records each in `_prisma_migrations`
 * exactly as `prisma migrate deploy` does (same table, checksum and lock), so
 * the Prisma CLI and this runner can take turns on one database.
 */

// The advisory lock key Prisma's migrate engine uses: instances starting at once wait here.
export const PRISMA_MIGRATE_LOCK = 72707369;

export const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
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

interface MigrationRow {
  migration_name: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  logs: string | null;
}

/**
 * A migration recorded as started but neither finished nor rolled back: left by the Prisma CLI,
 * or by a version of this runner that recorded failures so. Nothing more runs until an operator
 * says which it is (scripts/migrate.ts, lib/db/resolve-migration.ts).
 */
export class FailedMigrationError extends Error {
  override name = 'FailedMigrationError';
  constructor(row: Pick<MigrationRow, 'migration_name' | 'logs'>) {
    const name = row.migration_name;
    const log = row.logs?.trim().split('\n')[0]?.slice(0, 300);
    super(
      `Migration ${name} failed earlier${log ? ` (${log})` : ''} and is recorded as neither applied nor rolled back, so no migration runs until it is resolved. ` +
        `If the database has none of its changes (this server runs each migration in a transaction, so one it ran left none), ` +
        `fix the cause, run \`npm run db:migrate -- --resolve-rolled-back ${name}\` and start again: it is applied then. ` +
        `If you completed it by hand, run \`npm run db:migrate -- --resolve-applied ${name}\` instead.`,
    );
  }
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
  pg_trgm: "part of PostgreSQL's contrib modules, e.g. the postgresql-contrib package",
  fuzzystrmatch: "part of PostgreSQL's contrib modules, e.g. the postgresql-contrib package",
};

/** Stops with a message naming each extension the server cannot provide, before anything is created. */
export async function assertExtensions(session: SqlSession): Promise<void> {
  const names = Object.keys(REQUIRED_EXTENSIONS);
  const rows = await session.query<{ name: string }>(`SELECT name FROM pg_available_extensions WHERE name = ANY($1)`, [
    names,
  ]);
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
      const rows = await session.query<MigrationRow>(
        'SELECT migration_name, finished_at, rolled_back_at, logs FROM "_prisma_migrations"',
      );
      const failed = rows.find((r) => r.finished_at === null && r.rolled_back_at === null);
      if (failed) throw new FailedMigrationError(failed);
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
  // Unlike the Prisma CLI we run each migration in a transaction, together with the row that
  // records it as applied: PostgreSQL DDL is transactional, so a migration either is applied
  // and recorded so, or left nothing behind. One string, so that nothing else runs in between.
  const record = `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
    VALUES (${literal(id)}, ${literal(m.checksum)}, ${literal(m.name)}, now(), clock_timestamp(), 1);`;
  try {
    await session.exec(`BEGIN;\n${m.sql}\n;\n${record}\nCOMMIT;`);
  } catch (error) {
    await session.exec('ROLLBACK').catch(() => {});
    // Recorded as rolled back (what `--resolve-rolled-back` would say), with the error in its
    // logs: nothing of it was applied, so the next start tries it again instead of refusing.
    await session
      .query(
        'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, rolled_back_at, logs) VALUES ($1, $2, $3, now(), now(), $4)',
        [id, m.checksum, m.name, String(error)],
      )
      .catch(() => {});
    const [where] = await session
      .query<{ user: string; database: string }>('SELECT current_user AS "user", current_database() AS "database"')
      .catch(() => []);
    const denied = where && extensionPrivilegeError(error, where);
    throw (
      denied ??
      new Error(`Migration ${m.name} failed: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      })
    );
  }
}

function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
