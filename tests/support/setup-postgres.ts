import { randomBytes } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { closeDatabase } from '@/lib/db';
import { createServerDatabase } from '../../scripts/server-database';
import { startWireServer } from './pglite-wire-server';

/**
 * The integration suite again, through @prisma/adapter-pg and node-postgres on a real
 * PostgreSQL server (see pg-server.ts for which): each test file gets its own database
 * there, so files never see each other's data. Without a server, each file gets its own
 * PGlite with pgvector behind pglite-socket instead.
 */
const external = inject('externalDatabaseUrl');
const pooler = inject('poolerDatabaseUrl');
let stop: (() => Promise<void>) | undefined;

if (external) {
  const name = `groundwork_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const database = await createServerDatabase(external, name);
  process.env.DATABASE_URL = database.url;
  if (pooler) {
    // As behind a managed service's pooler: queries through PgBouncer, sessions direct.
    const through = new URL(pooler);
    through.pathname = new URL(database.url).pathname;
    process.env.DATABASE_URL = through.toString();
    process.env.DATABASE_DIRECT_URL = database.url;
  }
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
