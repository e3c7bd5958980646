import { afterAll } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { closeDatabase } from '@/lib/db';

// Each test file gets its own in-memory embedded database.
process.env.DATABASE_URL = 'pglite:memory';
process.env.LOG_LEVEL ??= 'warn';
// Rate-limit windows are fixed and aligned to the clock: a one-minute window could reset in the
// middle of a test that counts requests. A day-long window makes that a midnight-only event.
process.env.RATE_LIMIT_WINDOW_SECONDS = '86400';
process.env.INGEST_WORKER = 'false';
resetConfigForTests();

afterAll(async () => {
  await closeDatabase();
});
