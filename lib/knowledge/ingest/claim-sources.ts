import 'server-only';
import { Prisma, prisma } from '@/lib/db/index';
import { failedColumns } from './fail-source';

export interface ClaimedSource {
  id: string;
  kind: 'file' | 'text' | 'url';
  mediaType: string;
  title: string;
  uri: string | null;
  filename: string | null;
  /** 1 on the first try; more means an earlier worker died holding it. */
  attempts: number;
  size: number;
  /** Set for a page a crawl fetched: its bytes are queued with it, so it is not fetched again. */
  crawlId: string | null;
}

const MAX_ATTEMPTS = 3;

/**
 * Takes up to `limit` sources off the queue under a lease. SKIP LOCKED lets
 * several workers (processes, or instances on one PostgreSQL) claim at once
 * without ever sharing a source; an expired lease means its worker died, so
 * the source is claimed again, up to MAX_ATTEMPTS times.
 */
export async function claimSources(owner: string, limit: number, leaseSeconds: number): Promise<ClaimedSource[]> {
  const db = await prisma();
  // A file that kills its worker every time must not be retried forever; the chunks its last
  // attempt wrote go with it, as a retry starts again at attempt 1, which expects none (see
  // prepareSource). Both statements read the queue through its partial index
  // (sources_queue_idx): the cost of a poll is the length of the queue, not the number of
  // sources ever ingested.
  await db.$executeRaw`
    WITH given_up AS (
      UPDATE sources s SET ${failedColumns(Prisma.sql`'Ingestion was interrupted ' || s.attempts || ' times; giving up. Retry the source to try again.'`)}
      WHERE s.status = 'processing' AND s.lease_expires_at < now() AND s.attempts >= ${MAX_ATTEMPTS}
      RETURNING s.id
    )
    DELETE FROM chunks c USING given_up g, source_contents q
    WHERE c.source_id = g.id AND q.source_id = g.id AND c.generation = q.generation`;
  const rows = await db.$queryRaw<
    {
      id: string;
      kind: ClaimedSource['kind'];
      media_type: string;
      title: string;
      uri: string | null;
      filename: string | null;
      attempts: number;
      size: number;
      crawl_id: string | null;
    }[]
  >`
    UPDATE sources s SET status = 'processing', lease_owner = ${owner},
      lease_expires_at = now() + make_interval(secs => ${leaseSeconds}), attempts = s.attempts + 1, updated_at = now()
    FROM (
      SELECT id FROM sources
      WHERE status IN ('pending', 'processing') AND (status = 'pending' OR lease_expires_at < now())
      ORDER BY created_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ) pick
    WHERE s.id = pick.id
    RETURNING s.id::text AS id, s.kind::text AS kind, s.media_type, s.title, s.uri, s.filename, s.attempts, s.size,
      s.crawl_id::text AS crawl_id`;
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    mediaType: r.media_type,
    title: r.title,
    uri: r.uri,
    filename: r.filename,
    attempts: r.attempts,
    size: r.size,
    crawlId: r.crawl_id,
  }));
}

/** Extends the lease of sources still being worked on; returns the ids this worker still holds. */
export async function renewLeases(owner: string, ids: string[], leaseSeconds: number): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const db = await prisma();
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE sources SET lease_expires_at = now() + make_interval(secs => ${leaseSeconds})
    WHERE id = ANY(${ids}::uuid[]) AND lease_owner = ${owner} AND status = 'processing'
    RETURNING id::text AS id`;
  return new Set(rows.map((r) => r.id));
}
