import { randomBytes } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { closeDatabase } from '@/lib/db';
import { createServerDatabase } from '../../scripts/server-database';
import { startWireServer } from './pglite-wire-server';

/**
 * The integration suite again, through @prisma/adapter-pg and node-postgres over
 * the PostgreSQL wire protocol. Each test file gets its own server (PGlite with
 * pgvector behind pglite-socket) so files never see each other's data; with
 * DATABASE_URL_TEST_PG set, each file gets its own database on that real server
 * instead (the URL's user creates and drops them).
 */
const external = inject('externalDatabaseUrl');
let stop: (() => Promise<void>) | undefined;

if (external) {
  const name = `groundwork_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const database = await createServerDatabase(external, name);
  process.env.DATABASE_URL = database.url;
  stop = database.drop;
} else {
  const server = await startWireServer();
  process.env.DATABASE_URL = server.url;
  stop = server.stop;
}
process.env.DATABASE_POOL_SIZE = '4';
process.env.LOG_LEVEL ??= 'warn';
// Rate-limit windows are fixed and aligned to the clock: a one-minute window could reset in the
// middle of a test that counts requests. A day-long window makes that a midnight-only event.
process.env.RATE_LIMIT_WINDOW_SECONDS = '86400';
process.env.INGEST_WORKER = 'false';
resetConfigForTests();

afterAll(async () => {
  await closeDatabase();
  await stop?.();
});
