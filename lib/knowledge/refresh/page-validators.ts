import 'server-only';
import { createHash } from 'node:crypto';
import { prisma } from '@/lib/db/index';
import type { FetchedPage } from '../fetch/fetch-url';

/** What a web page was last fetched as: sent back as conditional request headers on its next fetch. */
export interface KnownPage {
  id: string;
  uri: string;
  collectionId: string;
  crawlId: string | null;
  etag: string | null;
  lastModified: string | null;
  pageHash: string | null;
  goneCount: number;
}

/** A SHA-256 of a page's bytes as served: the same bytes are the same page, whatever its validators say. */
export const pageHashOf = (body: Uint8Array) => createHash('sha256').update(body).digest('hex');

/** If-None-Match / If-Modified-Since from a page's validators (none when it has none). */
export function conditionalHeaders(page: Pick<KnownPage, 'etag' | 'lastModified'>): Record<string, string> {
  return {
    ...(page.etag ? { 'if-none-match': page.etag } : {}),
    ...(page.lastModified ? { 'if-modified-since': page.lastModified } : {}),
  };
}

/** A crawl's page stored under `url`, if any. */
export async function knownPage(crawlId: string, url: string): Promise<KnownPage | undefined> {
  const db = await prisma();
  const rows = await db.$queryRaw<KnownPage[]>`
    SELECT id::text AS id, uri, collection_id::text AS "collectionId", crawl_id::text AS "crawlId", etag,
      last_modified AS "lastModified", page_hash AS "pageHash", gone_count AS "goneCount"
    FROM sources WHERE crawl_id = ${crawlId}::uuid AND uri = ${url} ORDER BY created_at LIMIT 1`;
  return rows[0];
}

/**
 * Notes that a page's address answered: its validators (a 304 keeps the old ones unless it sends
 * new), its hash, when, and whether its content changed (a first fetch counts as a change). Any
 * answer ends a run of "gone".
 */
export async function recordFetch(sourceId: string, page: FetchedPage, hash?: string): Promise<void> {
  const db = await prisma();
  await db.$executeRaw`
    UPDATE sources SET etag = coalesce(${page.etag}, CASE WHEN ${page.status} = 304 THEN etag END),
      last_modified = coalesce(${page.lastModified}, CASE WHEN ${page.status} = 304 THEN last_modified END),
      page_hash = coalesce(${hash ?? null}, page_hash), checked_at = now(), gone_count = 0,
      changed_at = CASE WHEN ${hash ?? null}::text IS NOT NULL AND page_hash IS DISTINCT FROM ${hash ?? null} THEN now() ELSE changed_at END
    WHERE id = ${sourceId}::uuid`;
}
