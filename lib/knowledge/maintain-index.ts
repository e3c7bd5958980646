import 'server-only';
import { getDatabase } from '@/lib/db';
import { errorFields, log } from '@/lib/log';

const QUIET_MS = 2000;
/** Chunks written between two quick VACUUMs during a long ingestion. */
const VACUUM_EVERY_CHUNKS = 2000;
let dirtySince: number | undefined;
let lastWrite = 0;
let writtenSinceVacuum = 0;

/** Called after chunks are written or deleted in this process. */
export function markIndexDirty(chunks = 0): void {
  dirtySince ??= Date.now();
  lastWrite = Date.now();
  writtenSinceVacuum += chunks;
}

/**
 * Embedded PGlite has no autovacuum: without VACUUM the visibility map stays
 * empty (no index-only scans of the postings) and without ANALYZE the planner
 * has no statistics. A PostgreSQL server's autovacuum does this itself.
 *
 * Two steps, so that no single one holds PGlite's only connection for long:
 * while an ingestion runs, a plain VACUUM every few thousand chunks marks the
 * new pages all-visible (VACUUM skips pages already marked, so each is short);
 * once writes have been quiet for a moment, the idle worker adds statistics.
 */
export async function maintainIndex(opts: { force?: boolean; duringIngestion?: boolean } = {}): Promise<boolean> {
  const db = await getDatabase();
  if (db.backend !== 'pglite' && !opts.force) return false;
  if (opts.duringIngestion) {
    if (writtenSinceVacuum < VACUUM_EVERY_CHUNKS) return false;
    writtenSinceVacuum = 0;
    return run(db, 'VACUUM chunk_terms, chunks');
  }
  if (!opts.force && (dirtySince === undefined || Date.now() - lastWrite < QUIET_MS)) return false;
  dirtySince = undefined;
  writtenSinceVacuum = 0;
  return run(db, 'VACUUM (ANALYZE) chunk_terms, chunks');
}

async function run(db: Awaited<ReturnType<typeof getDatabase>>, sql: string): Promise<boolean> {
  try {
    await db.prisma.$executeRawUnsafe(sql);
    return true;
  } catch (error) {
    log.warn('index maintenance failed', errorFields(error));
    return false;
  }
}
