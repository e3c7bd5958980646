import { PGlite } from '@electric-sql/pglite';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/driver';
import { MissingExtensionError, migrate } from '@/lib/db/migrate';
import { startWireServer, type WireServer } from '../support/pglite-wire-server';

// A PostgreSQL server without pgvector: PGlite with no extensions, behind the wire protocol.
let plain: PGlite;
let server: WireServer;

beforeAll(async () => {
  plain = await PGlite.create();
  server = await startWireServer({ db: plain });
});

afterAll(async () => {
  await server.stop();
  await plain.close();
});

describe('a server without pgvector', () => {
  it('stops the start with a message naming the missing extension, and creates nothing', async () => {
    const db = await openDatabase(server.url, 2);
    try {
      const attempt = migrate(db, path.join(process.cwd(), 'prisma/migrations'));
      await expect(attempt).rejects.toBeInstanceOf(MissingExtensionError);
      await expect(attempt).rejects.toThrow(/"vector" extension \(pgvector\)/);
    } finally {
      await db.close();
    }
    const tables = await plain.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
    expect(tables.rows).toEqual([]);
  });
});
