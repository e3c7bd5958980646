import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/driver';
import { MissingExtensionError, migrate } from '@/lib/db/migrate';
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
    await expectRefused(server, /the "vector" extension \(pgvector.*\) or the "pg_trgm" extension \(.*contrib.*\)\. Install them/);
    const tables = await db.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
    expect(tables.rows).toEqual([]);
  });

  it('names only the one that is missing', async () => {
    const { db, server } = await serverWith({ extensions: { vector } });
    await expectRefused(server, /does not provide the "pg_trgm" extension \([^)]*\)\. Install it on/);
    const tables = await db.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
    expect(tables.rows).toEqual([]);
  });
});
