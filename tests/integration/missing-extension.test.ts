import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { vector } from '@electric-sql/pglite-pgvector';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/driver';
import { ExtensionPrivilegeError } from '@/lib/db/extension-privilege';
import { MissingExtensionError, migrate } from '@/lib/db/migrate';
import { pgliteExtensions } from '../support/pglite-extensions';
import { startWireServer, type WireServer } from '../support/pglite-wire-server';

// PostgreSQL servers that lack an extension the migrations need: PGlite without it, behind the wire protocol.
const opened: Array<{ db: PGlite; server: WireServer }> = [];

afterAll(async () => {
  for (const { db, server } of opened) {
    await server.stop();
    await db.close();
  }
});

async function serverWith(options: PGliteOptions) {
  const db = await PGlite.create(options);
  const server = await startWireServer({ db });
  opened.push({ db, server });
  return { db, server };
}

async function expectRefused(server: WireServer, message: RegExp) {
  const db = await openDatabase(server.url, 2);
  try {
    const attempt = migrate(db, path.join(process.cwd(), 'prisma/migrations'));
    await expect(attempt).rejects.toBeInstanceOf(MissingExtensionError);
    await expect(attempt).rejects.toThrow(message);
  } finally {
    await db.close();
  }
}

describe('a server without an extension the migrations need', () => {
  it('stops the start with a message naming each missing extension, and creates nothing', async () => {
    const { db, server } = await serverWith({});
    await expectRefused(
      server,
      /the "vector" extension \(pgvector.*\) or the "pg_trgm" extension \(.*contrib.*\)\. Install them/,
    );
    const tables = await db.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
    expect(tables.rows).toEqual([]);
  });

  it('names only the one that is missing', async () => {
    const { db, server } = await serverWith({ extensions: { vector, fuzzystrmatch } });
    await expectRefused(server, /does not provide the "pg_trgm" extension \([^)]*\)\. Install it on/);
    const tables = await db.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
    expect(tables.rows).toEqual([]);
  });
});

describe('a database user that may not create pgvector', () => {
  it('stops the start naming the privilege and the statement a superuser runs once; after that it starts', async () => {
    // A user with CREATEDB and the run of its schema, but no superuser: PGlite's one session, as that role.
    const { db, server } = await serverWith({ extensions: pgliteExtensions });
    await db.exec(
      'CREATE ROLE app LOGIN CREATEDB; GRANT CREATE ON DATABASE postgres TO app; GRANT ALL ON SCHEMA public TO app; SET ROLE app;',
    );
    const dir = path.join(process.cwd(), 'prisma/migrations');
    const app = await openDatabase(server.url, 2);
    try {
      const attempt = migrate(app, dir);
      await expect(attempt).rejects.toBeInstanceOf(ExtensionPrivilegeError);
      await expect(attempt).rejects.toThrow(
        'The database user "app" may not create the "vector" extension: that takes a superuser (CREATEDB is not enough). ' +
          'Once, as a superuser, run `CREATE EXTENSION IF NOT EXISTS vector;` in database "postgres"',
      );

      await db.exec('RESET ROLE; CREATE EXTENSION IF NOT EXISTS vector; SET ROLE app;');
      const started = await migrate(app, dir);
      expect(started.applied).toContain('20261122000000_init');
      const owner = await db.query<{ owner: string }>(
        `SELECT tableowner AS owner FROM pg_tables WHERE tablename = 'sources'`,
      );
      expect(owner.rows).toEqual([{ owner: 'app' }]);
    } finally {
      await app.close();
    }
  });
});
