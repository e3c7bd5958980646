import 'server-only';
import { getDatabase, Prisma, type Database } from '@/lib/db/index';
import { errorFields, log } from '@/lib/log';

const QUIET_MS = 2000;
/** Chunks written between two quick VACUUMs during a long ingestion. */
const VACUUM_EVERY_CHUNKS = 2000;
/**
 * Chunks written between two folds of the term counts during a long ingestion. A fold
 * reads every term's rows (three folds cost SciFact's ingestion 1.1 s), so a long
 * ingestion folds rarely; meanwhile a query term's document frequency is a sum over one
 * row per write (64 chunks) of the term, a short index range.
 */
const FOLD_EVERY_CHUNKS = 20_000;
/**
 * What a fold statement may take: each holds PGlite's one connection, so the number of terms
 * per statement follows the time the last one took (a term's cost grows with its delta rows:
 * 1,000 terms took under 100 ms at one size of corpus and 400-500 ms at another).
 */
const FOLD_STEP_MS = 50;
const FOLD_TERMS = { first: 200, min: 50, max: 20_000 };
/**
 * The tables maintenance vacuums and analyzes, one statement for each table and step so that
 * none holds PGlite long (all in one took 0.56 s on a 10,000-chunk corpus; the longest
 * step alone, under 0.2 s).
 */
const VACUUMED = ['chunk_terms', 'chunks', 'term_counts', 'sources'];
/**
 * During an ingestion the tables are analyzed again once the chunks written since the last
 * ANALYZE reach half of those written before it (and at least VACUUM_EVERY_CHUNKS), as
 * autovacuum's scale factor would: a fresh corpus of 10,000 chunks asked about before its first
 * ANALYZE got plans that scanned every term of it per question word (188 s, and every request
 * waited). Growth by halves keeps the count of ANALYZEs logarithmic in the corpus.
 */
const ANALYZE_GROWTH = 0.5;
let dirtySince: number | undefined;
let lastWrite = 0;
let writtenSinceVacuum = 0;
let writtenSinceFold = 0;
let writtenSinceAnalyze = 0;
let writtenBeforeAnalyze = 0;

/** Called after chunks are written or deleted in this process. */
export function markIndexDirty(chunks = 0): void {
  dirtySince ??= Date.now();
  lastWrite = Date.now();
  writtenSinceVacuum += chunks;
  writtenSinceFold += chunks;
  writtenSinceAnalyze += chunks;
}

/**
 * Embedded PGlite has no autovacuum: without VACUUM the visibility map stays
 * empty (no index-only scans of the postings) and without ANALYZE the planner
 * has no statistics; and every source moves through the queue in several updates,
 * whose dead rows would otherwise stay in its indexes for good. A PostgreSQL
 * server's autovacuum does this itself. On both,
 * the term counts' delta rows are folded, one row per term again.
 *
 * Two steps, so that no single one holds PGlite's only connection for long:
 * while an ingestion runs, a plain VACUUM every few thousand chunks marks the
 * new pages all-visible (VACUUM skips pages already marked, so each is short)
 * and the term counts are folded only every FOLD_EVERY_CHUNKS; once writes have
 * been quiet for a moment, the idle worker folds and adds statistics.
 */
export async function maintainIndex(opts: { force?: boolean; duringIngestion?: boolean } = {}): Promise<boolean> {
  if (opts.duringIngestion) {
    if (writtenSinceVacuum < VACUUM_EVERY_CHUNKS) return false;
  } else {
    if (!opts.force && (dirtySince === undefined || Date.now() - lastWrite < QUIET_MS)) return false;
    dirtySince = undefined;
  }
  writtenSinceVacuum = 0;
  const db = await getDatabase();
  let folded = false;
  if (!opts.duringIngestion || writtenSinceFold >= FOLD_EVERY_CHUNKS) {
    writtenSinceFold = 0;
    folded = await foldTermCounts(db);
  }
  if (db.backend !== 'pglite' && !opts.force) return folded;
  const analyze =
    !opts.duringIngestion ||
    writtenSinceAnalyze >= Math.max(VACUUM_EVERY_CHUNKS, writtenBeforeAnalyze * ANALYZE_GROWTH);
  if (analyze) {
    writtenBeforeAnalyze += writtenSinceAnalyze;
    writtenSinceAnalyze = 0;
  }
  const steps = VACUUMED.flatMap((table) => (analyze ? [`VACUUM ${table}`, `ANALYZE ${table}`] : [`VACUUM ${table}`]));
  let done = true;
  for (const step of steps) done = (await attempt(() => db.prisma.$executeRawUnsafe(step))) && done;
  return done;
}

/**
 * Replaces each term's delta rows by their sum (none when it is 0), a slice of terms at a
 * time in key order, each slice sized to take about FOLD_STEP_MS: folding every term in one
 * statement held PGlite for 2.3 s at 44,000 chunks, and every request waited. Safe beside
 * writers and other instances doing the same: a row is deleted once, by whoever deletes it,
 * and only the rows it deleted go into the sum it writes back.
 */
function foldTermCounts(db: Database): Promise<boolean> {
  return attempt(async () => {
    let after = '';
    let terms = FOLD_TERMS.first;
    for (;;) {
      const started = performance.now();
      const [step] = await db.query<{ last: string | null; terms: number }>(
        Prisma.sql`
          WITH many AS MATERIALIZED (
            SELECT term FROM term_counts WHERE term > ${after}
            GROUP BY term HAVING count(*) > 1 ORDER BY term LIMIT ${terms}
          ), gone AS (
            DELETE FROM term_counts t USING many WHERE t.term = many.term RETURNING t.term, t.df
          ), summed AS (
            INSERT INTO term_counts (term, df) SELECT term, sum(df)::int FROM gone GROUP BY term HAVING sum(df) <> 0
          )
          SELECT max(term) AS last, count(*)::int AS terms FROM many`,
        // Walk the key in order and stop after a slice, rather than group the whole table.
        { enable_seqscan: 'off', enable_hashagg: 'off' },
      );
      if (!step?.last || step.terms < terms) return;
      after = step.last;
      const took = Math.max(1, performance.now() - started);
      terms = Math.round(Math.min(FOLD_TERMS.max, Math.max(FOLD_TERMS.min, (terms * FOLD_STEP_MS) / took)));
    }
  });
}

/** Runs one maintenance step; a failure is logged, and the next round tries again. */
async function attempt(step: () => Promise<unknown>): Promise<boolean> {
  try {
    await step();
    return true;
  } catch (error) {
    log.warn('index maintenance failed', errorFields(error));
    return false;
  }
}
