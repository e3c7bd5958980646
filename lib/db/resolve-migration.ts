import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Database } from './driver';
import { loadMigrations, MIGRATIONS_TABLE, PRISMA_MIGRATE_LOCK } from './migrate';

/**
 * What `prisma migrate resolve` does, for a database whose start stops at a failed migration
 * (`npm run db:migrate -- --resolve-rolled-back <name>` or `--resolve-applied <name>`), with the
 * same `_prisma_migrations` rows: rolled back sets `rolled_back_at` on the failed row, so the
 * next start applies the migration again; applied also adds a finished row, so it never runs.
 */
export type MigrationResolution = 'rolled-back' | 'applied';

export class MigrationResolveError extends Error {
  override name = 'MigrationResolveError';
}

interface Row {
  id: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

export async function resolveMigration({
  db,
  dir,
  name,
  as,
}: {
  db: Database;
  dir: string;
  name: string;
  as: MigrationResolution;
}): Promise<string> {
  const session = await db.session();
  try {
    await session.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK]);
    try {
      await session.exec(MIGRATIONS_TABLE);
      const rows = await session.query<Row>(
        'SELECT id, finished_at, rolled_back_at FROM "_prisma_migrations" WHERE migration_name = $1',
        [name],
      );
      const failed = rows.filter((r) => r.finished_at === null && r.rolled_back_at === null).map((r) => r.id);
      if (as === 'rolled-back') {
        if (rows.length === 0) {
          throw new MigrationResolveError(
            `Migration ${name} cannot be rolled back: this database has no record of it. The name is a folder in prisma/migrations, e.g. 20261122000000_init.`,
          );
        }
        if (failed.length === 0) {
          const state = rows.some((r) => r.finished_at !== null) ? 'applied' : 'rolled back already';
          throw new MigrationResolveError(
            `Migration ${name} cannot be rolled back: it is not in a failed state (it is recorded as ${state}).`,
          );
        }
        await session.query('UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE id = ANY($1)', [failed]);
        return `Migration ${name} is recorded as rolled back; the next start applies it again.`;
      }
      const migration = (await loadMigrations(dir)).find((m) => m.name === name);
      if (!migration)
        throw new MigrationResolveError(
          `Migration ${name} cannot be marked applied: there is no such folder in ${dir}.`,
        );
      if (rows.some((r) => r.finished_at !== null)) {
        throw new MigrationResolveError(
          `Migration ${name} cannot be marked applied: it is recorded as applied already.`,
        );
      }
      await session.exec('BEGIN');
      try {
        await session.query('UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE id = ANY($1)', [failed]);
        await session.query(
          'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count) VALUES ($1, $2, $3, now(), now(), 0)',
          [randomUUID(), migration.checksum, name],
        );
        await session.exec('COMMIT');
      } catch (error) {
        await session.exec('ROLLBACK').catch(() => {});
        throw error;
      }
      return `Migration ${name} is recorded as applied; starts will not run it.`;
    } finally {
      await session.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK]);
    }
  } finally {
    await session.release();
  }
}
