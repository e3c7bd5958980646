import 'server-only';
import { Prisma } from '@/lib/db/index';
import type { Prisma as P } from '@/lib/db/generated/client';
import { ApiError } from '@/lib/http/api-error';

/**
 * One sync per connector and collection at a time: a transaction-scoped lock on both, so a
 * second sync of it waits for the first to commit and then sees what it stored. Holds across instances on one
 * PostgreSQL (PGlite has a single connection anyway). Taken before any content hash’s lock;
 * the prefix keeps it apart from those (hex digests).
 */
export async function lockConnector(tx: P.TransactionClient, connector: string, collectionId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`sync:${collectionId}:${connector}`}, 0))`;
}

/** Runs older than this are forgotten: a paged sync is expected to finish within the week it began. */
const RUN_DAYS = 7;

/** Records a page of a paged sync (again: harmless) and returns the run's pages so far, in order. */
export async function recordPage(
  tx: P.TransactionClient,
  { connector, collectionId, run }: { connector: string; collectionId: string; run: { id: string; page: number } },
): Promise<number[]> {
  await tx.$executeRaw`DELETE FROM sync_runs WHERE created_at < now() - make_interval(days => ${RUN_DAYS})`;
  const [row] = await tx.$queryRaw<{ pages: number[] }[]>`
    INSERT INTO sync_runs (collection_id, connector, run_id, pages)
    VALUES (${collectionId}::uuid, ${connector}, ${run.id}, ARRAY[${run.page}]::int[])
    ON CONFLICT (collection_id, connector, run_id) DO UPDATE SET pages =
      (SELECT array_agg(DISTINCT p ORDER BY p) FROM unnest(sync_runs.pages || EXCLUDED.pages) AS p)
    RETURNING pages`;
  return row!.pages;
}

interface Completion {
  connector: string;
  collectionId: string;
  /** The externalIds of this request: without a run, the whole set. */
  named: string[];
  run?: { id: string; page: number };
  /** The run's pages received, this one included. */
  pages?: number[];
  allowEmpty: boolean;
}

/**
 * Deletes the connector's sources in the collection that the complete set does not name: this
 * request's, or the run's pages 1..N, which must all have arrived (else 409 and nothing is
 * deleted: the transaction, this page included, is rolled back). An empty set is refused (422)
 * unless allowed: a broken exporter must not wipe a knowledge base.
 */
export async function deleteMissing(tx: P.TransactionClient, c: Completion): Promise<number> {
  const scope = Prisma.sql`connector = ${c.connector} AND collection_id = ${c.collectionId}::uuid`;
  if (c.run) {
    const have = new Set(c.pages);
    const missing = Array.from({ length: c.run.page }, (_, i) => i + 1).filter((p) => !have.has(p));
    if (missing.length > 0) throw pagesMissing(c.run.id, missing);
    const [row] = await tx.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM sources WHERE ${scope} AND sync_run = ${c.run.id}`;
    if (row!.n === 0 && !c.allowEmpty) throw emptyRefused();
    return tx.$executeRaw`DELETE FROM sources WHERE ${scope} AND sync_run IS DISTINCT FROM ${c.run.id}`;
  }
  if (c.named.length === 0 && !c.allowEmpty) throw emptyRefused();
  return tx.$executeRaw`DELETE FROM sources WHERE ${scope} AND NOT (external_id = ANY(${c.named}::text[]))`;
}

export const emptyRefused = () =>
  new ApiError(
    'unprocessable',
    'A complete sync with no sources would delete all of this connector’s sources: send `?allowEmpty=true` if that is meant.',
  );

/** 409 naming the pages a run still lacks (the first 20 in the detail, all in `missingPages`). */
function pagesMissing(runId: string, missing: number[]): ApiError {
  const named = missing.slice(0, 20).join(', ') + (missing.length > 20 ? ` and ${missing.length - 20} more` : '');
  return new ApiError(
    'conflict',
    `Page${missing.length > 1 ? 's' : ''} ${named} of run “${runId}” never arrived (or failed): ` +
      'send them again, then this page again. Nothing was deleted.',
    { extensions: { missingPages: missing } },
  );
}
