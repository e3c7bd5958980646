import { afterAll, inject } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { closeDatabase } from '@/lib/db';

// Every test file shares one server: tests create their own data and never assume an empty database.
process.env.DATABASE_URL = inject('databaseUrl');
process.env.DATABASE_POOL_SIZE = '4';
process.env.LOG_LEVEL ??= 'warn';
process.env.INGEST_WORKER = 'false';
resetConfigForTests();

afterAll(async () => {
  await closeDatabase();
});
