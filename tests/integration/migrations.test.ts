import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@/lib/db';
import { openDatabase } from '@/lib/db/driver';
import { FailedMigrationError, loadMigrations, migrate, MIGRATIONS_TABLE } from '@/lib/db/migrate';
import { resolveMigration } from '@/lib/db/resolve-migration';

describe('migrations', () => {
  it('records every migration as prisma migrate deploy does, and is idempotent', async () => {
    const db = await getDatabase();
    const session = await db.session();
    try {
      const rows = await session.query<{
        migration_name: string;
        checksum: string;
        finished_at: Date | null;
        applied_steps_count: number;
      }>(
        'SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name',
      );
      const files = await loadMigrations(path.join(process.cwd(), 'prisma/migrations'));
      expect(rows.map((r) => r.migration_name)).toEqual(files.map((f) => f.name));
      for (const [i, row] of rows.entries()) {
        expect(row.checksum).toBe(files[i]?.checksum);
        expect(row.finished_at).not.toBeNull();
        expect(row.applied_steps_count).toBe(1);
      }
    } finally {
      await session.release();
    }
    const again = await migrate(db, path.join(process.cwd(), 'prisma/migrations'));
    expect(again.applied).toEqual([]);
  });

  it('has the vector extension', async () => {
    const db = await getDatabase();
    const rows = await db.prisma.$queryRaw<{ v: string }[]>`SELECT '[1,2,3]'::vector <=> '[1,2,4]'::vector AS v`;
    expect(Number(rows[0]?.v)).toBeGreaterThan(0);
  });

  it('has the pg_trgm extension', async () => {
    const db = await getDatabase();
    const rows = await db.prisma.$queryRaw<
      { s: number }[]
    >`SELECT similarity('groundwork', 'groundworks')::float8 AS s`;
    expect(rows[0]?.s).toBeGreaterThan(0.5);
  });
});

// Migrations of its own in a temporary folder, on the file's database: named after every real one,
// so the real rows count as applied and only these run.
const scratch = mkdtempSync(path.join(tmpdir(), 'gw-migrations-'));
const NAME = '29990101000000_gw_test_table';

function writeMigration(sql: string) {
  mkdirSync(path.join(scratch, NAME), { recursive: true });
  writeFileSync(path.join(scratch, NAME, 'migration.sql'), sql);
}

async function sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]> {
  const session = await (await getDatabase()).session();
  try {
    return await session.query<T>(text, params);
  } finally {
    await session.release();
  }
}

async function rowsOf(name: string) {
  return sql<{
    finished_at: Date | null;
    rolled_back_at: Date | null;
    logs: string | null;
    applied_steps_count: number;
  }>(
    'SELECT finished_at, rolled_back_at, logs, applied_steps_count FROM "_prisma_migrations" WHERE migration_name = $1 ORDER BY started_at, finished_at NULLS FIRST',
    [name],
  );
}

/** A row as the Prisma CLI, or this runner before it recorded failures as rolled back, leaves a failed migration. */
async function recordFailed(name: string) {
  await sql(
    `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs) VALUES (gen_random_uuid()::text, 'x', $1, 'ERROR: function no_such_function() does not exist')`,
    [name],
  );
}

const tableExists = async () =>
  (await sql<{ t: string | null }>(`SELECT to_regclass('gw_test_table')::text AS t`))[0]?.t !== null;

describe('a migration that fails', () => {
  afterEach(async () => {
    await sql(`DELETE FROM "_prisma_migrations" WHERE migration_name LIKE '2999%'`);
    await sql('DROP TABLE IF EXISTS gw_test_table');
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('leaves nothing behind, is recorded as rolled back with its error, and is applied by the next start once fixed', async () => {
    const db = await getDatabase();
    writeMigration('CREATE TABLE gw_test_table (id int);\nSELECT no_such_function();\n');
    await expect(migrate(db, scratch)).rejects.toThrow(`Migration ${NAME} failed: `);
    expect(await tableExists()).toBe(false);
    const [row] = await rowsOf(NAME);
    expect(row).toMatchObject({ finished_at: null, logs: expect.stringContaining('no_such_function') });
    expect(row?.rolled_back_at).not.toBeNull();

    writeMigration('CREATE TABLE gw_test_table (id int);\n');
    expect((await migrate(db, scratch)).applied).toEqual([NAME]);
    expect(await tableExists()).toBe(true);
    expect((await rowsOf(NAME)).map((r) => r.finished_at !== null)).toEqual([false, true]);
  });

  it('left failed by another runner, stops the start with the command that resolves it; rolled back, the next start applies it', async () => {
    const db = await getDatabase();
    writeMigration('CREATE TABLE gw_test_table (id int);\n');
    await recordFailed(NAME);
    const start = migrate(db, scratch);
    await expect(start).rejects.toBeInstanceOf(FailedMigrationError);
    await expect(start).rejects.toThrow(`run \`npm run db:migrate -- --resolve-rolled-back ${NAME}\``);
    await expect(start).rejects.toThrow('(ERROR: function no_such_function() does not exist)');

    expect(await resolveMigration({ db, dir: scratch, name: NAME, as: 'rolled-back' })).toContain('rolled back');
    expect((await migrate(db, scratch)).applied).toEqual([NAME]);
    expect(await tableExists()).toBe(true);
    const rows = await rowsOf(NAME);
    expect(rows.map((r) => [r.finished_at !== null, r.rolled_back_at !== null])).toEqual([
      [false, true],
      [true, false],
    ]);
  });

  it('completed by hand and resolved as applied, is not run again', async () => {
    const db = await getDatabase();
    writeMigration('CREATE TABLE gw_test_table (id int);\n');
    await recordFailed(NAME);
    await sql('CREATE TABLE gw_test_table (id int)');
    expect(await resolveMigration({ db, dir: scratch, name: NAME, as: 'applied' })).toContain('applied');
    expect((await migrate(db, scratch)).applied).toEqual([]);
    const rows = await rowsOf(NAME);
    expect(rows.map((r) => [r.finished_at !== null, r.rolled_back_at !== null])).toEqual([
      [false, true],
      [true, false],
    ]);
  });

  it.each([
    {
      as: 'rolled-back' as const,
      name: '20261122000000_init',
      failed: false,
      error: 'cannot be rolled back: it is not in a failed state (it is recorded as applied)',
    },
    {
      as: 'rolled-back' as const,
      name: NAME,
      failed: false,
      error: 'cannot be rolled back: this database has no record of it',
    },
    {
      as: 'applied' as const,
      name: '20261122000000_init',
      failed: false,
      error: 'cannot be marked applied: it is recorded as applied already',
    },
    {
      as: 'applied' as const,
      name: '29990101000000_gw_no_such_folder',
      failed: true,
      error: 'cannot be marked applied: there is no such folder',
    },
  ])('refuses to resolve $name as $as when that is not its state', async ({ as, name, failed, error }) => {
    const db = await getDatabase();
    writeMigration('CREATE TABLE gw_test_table (id int);\n');
    if (failed) await recordFailed(name);
    await expect(
      resolveMigration({
        db,
        dir: name.startsWith('2999') ? scratch : path.join(process.cwd(), 'prisma/migrations'),
        name,
        as,
      }),
    ).rejects.toThrow(error);
  });
});

// The command itself, on an embedded database of its own (one child process is enough for both backends' runs).
describe.runIf(process.env.DATABASE_URL?.startsWith('pglite:'))('npm run db:migrate -- --resolve-rolled-back', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const dir = mkdtempSync(path.join(tmpdir(), 'gw-resolve-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function runMigrate(args: string[]) {
    return new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(
        path.join(root, 'node_modules/.bin/node'),
        ['--conditions=react-server', '--import', 'tsx', 'scripts/migrate.ts', ...args],
        {
          cwd: root,
          env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: `pglite:${dir}`, LOG_LEVEL: 'error' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.once('exit', (code) => resolve({ code, out }));
    });
  }

  it('takes a first migration that failed from blocking every start to applied', async () => {
    const db = await openDatabase(`pglite:${dir}`);
    try {
      const session = await db.session();
      await session.exec(MIGRATIONS_TABLE);
      await session.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs) VALUES ('1', 'x', '20261122000000_init', 'ERROR: permission denied')`,
      );
    } finally {
      await db.close();
    }
    const refused = await runMigrate([]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('`npm run db:migrate -- --resolve-rolled-back 20261122000000_init`');

    const resolved = await runMigrate(['--resolve-rolled-back', '20261122000000_init']);
    expect(resolved.out).toContain('Migration 20261122000000_init is recorded as rolled back');
    expect(resolved.code).toBe(0);

    const again = await runMigrate(['--resolve-rolled-back', '20261122000000_init']);
    expect(again.out).toContain('it is not in a failed state (it is recorded as rolled back already)');
    expect(again.code).toBe(1);

    const started = await runMigrate([]);
    expect(started.out).toContain('Migrations applied');
    expect(started.code).toBe(0);
  }, 120_000);
});
