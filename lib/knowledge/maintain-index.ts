import 'server-only';
import { getDatabase } from '@/lib/db';
import { errorFields, log } from '@/lib/log';

const QUIET_MS = 2000;
let dirtySince: number | undefined;
let lastWrite = 0;

/** Called after chunks are written or deleted in this process. */
export function markIndexDirty(): void {
  dirtySince ??= Date.now();
  lastWrite = Date.now();
}

/**
 * Embedded PGlite has no autovacuum: without VACUUM the visibility map stays
 * empty (no index-only scans of the postings) and without ANALYZE the planner
 * has no statistics. The worker calls this when idle; it runs once the writes
 * have been quiet for a moment. A PostgreSQL server's autovacuum does this itself.
 */
export async function maintainIndex(opts: { force?: boolean } = {}): Promise<boolean> {
  if (!opts.force && (dirtySince === undefined || Date.now() - lastWrite < QUIET_MS)) return false;
  const db = await getDatabase();
  dirtySince = undefined;
  if (db.backend !== 'pglite' && !opts.force) return false;
  try {
    await db.prisma.$executeRawUnsafe('VACUUM (ANALYZE) chunk_terms, chunks');
    return true;
  } catch (error) {
    log.warn('index maintenance failed', errorFields(error));
    return false;
  }
}
