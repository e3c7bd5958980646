import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { afterAll, inject } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { closeDatabase } from '@/lib/db';

/**
 * The integration suite again, through @prisma/adapter-pg and node-postgres over
 * the PostgreSQL wire protocol. Each test file gets its own server (PGlite with
 * pgvector behind pglite-socket) so files never see each other's data; with
 * DATABASE_URL_TEST_PG set, they share that real server instead.
 */
const external = inject('externalDatabaseUrl');
let stop: (() => Promise<void>) | undefined;

if (external) {
  process.env.DATABASE_URL = external;
} else {
  const db = await PGlite.create({ extensions: { vector } });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 20 });
  await server.start();
  process.env.DATABASE_URL = `postgres://postgres:postgres@${server.getServerConn()}/postgres?sslmode=disable`;
  stop = async () => {
    await server.stop();
    await db.close();
  };
}
process.env.DATABASE_POOL_SIZE = '4';
process.env.LOG_LEVEL ??= 'warn';
process.env.INGEST_WORKER = 'false';
resetConfigForTests();

afterAll(async () => {
  await closeDatabase();
  await stop?.();
});
