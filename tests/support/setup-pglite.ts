import { afterAll } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { closeDatabase } from '@/lib/db';

// Each test file gets its own in-memory embedded database.
process.env.DATABASE_URL = 'pglite:memory';
process.env.LOG_LEVEL ??= 'warn';
process.env.INGEST_WORKER = 'false';
resetConfigForTests();

afterAll(async () => {
  await closeDatabase();
});
