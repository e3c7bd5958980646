import 'server-only';
import path from 'node:path';
import { config } from '@/lib/config';
import { openDatabase, type Database } from './driver';
import { migrate } from './migrate';

export type { Database } from './driver';
export { Prisma } from './generated/client';
export type { PrismaClient } from './generated/client';

export const MIGRATIONS_DIR = path.join(process.cwd(), 'prisma', 'migrations');

// One database per process, kept on globalThis so dev-mode reloads and every
// route bundle share it (PGlite allows one owner of its data directory).
const globalForDb = globalThis as unknown as { __db?: Promise<Database> };

/** The process's database, opened and migrated on first use. */
export function getDatabase(): Promise<Database> {
  globalForDb.__db ??= (async () => {
    const c = config();
    const db = await openDatabase(c.DATABASE_URL, c.DATABASE_POOL_SIZE, { directUrl: c.DATABASE_DIRECT_URL });
    try {
      await migrate(db, MIGRATIONS_DIR);
    } catch (error) {
      await db.close().catch(() => {});
      throw error;
    }
    return db;
  })();
  globalForDb.__db.catch(() => {
    globalForDb.__db = undefined;
  });
  return globalForDb.__db;
}

export async function prisma() {
  return (await getDatabase()).prisma;
}

/** Closes the process's database (tests, graceful shutdown). */
export async function closeDatabase(): Promise<void> {
  const pending = globalForDb.__db;
  globalForDb.__db = undefined;
  if (pending) await (await pending).close();
}
