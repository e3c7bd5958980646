import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/driver';
import { MissingExtensionError, migrate } from '@/lib/db/migrate';

// A PostgreSQL server without pgvector: PGlite with no extensions, behind the wire protocol.
let plain: PGlite;
let server: PGLiteSocketServer;

beforeAll(async () => {
  plain = await PGlite.create();
  server = new PGLiteSocketServer({ db: plain, host: '127.0.0.1', port: 0 });
  await server.start();
});

afterAll(async () => {
  await server.stop();
  await plain.close();
});

describe('a server without pgvector', () => {
  it('stops the start with a message naming the missing extension, and creates nothing', async () => {
    const db = await openDatabase(`postgres://postgres:postgres@${server.getServerConn()}/postgres?sslmode=disable`, 2);
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
