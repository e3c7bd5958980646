import 'server-only';
import { prisma } from '@/lib/db/index';
import type { Source as SourceRow } from '@/lib/db/generated/client';

/** The public shape of a source: never its content, lease or attempt counters. */
export interface SourceJson {
  id: string;
  title: string;
  kind: 'file' | 'text' | 'url';
  mediaType: string;
  size: number;
  status: 'pending' | 'processing' | 'ready' | 'failed';
  progress: number;
  error: string | null;
  chunkCount: number;
  generation: number;
  metadata: Record<string, unknown>;
  contentHash: string | null;
  uri?: string;
  filename?: string;
  collectionId: string;
  collection: { id: string; name: string };
  createdAt: string;
  updatedAt: string;
  /** A synced source's connector and its id there (PUT /api/knowledge/sync/{connector}). */
  connector?: string;
  externalId?: string;
  /** The crawl that found this page (GET /api/knowledge/crawls/{id}). */
  crawlId?: string;
  /** A web page's refresh (kind `url` only): its schedule (null for a crawl's page: see the crawl), checks and next refresh. */
  refresh?: 'hourly' | 'daily' | 'weekly' | null;
  checkedAt?: string | null;
  changedAt?: string | null;
  nextRefreshAt?: string | null;
}

export function toSourceJson(row: SourceRow, collectionName: string): SourceJson {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    mediaType: row.mediaType,
    size: row.size,
    status: row.status,
    progress: row.progress,
    error: row.error,
    chunkCount: row.chunkCount,
    generation: row.generation,
    metadata: (row.metadata ?? {}) as Record<string, unknown>,
    contentHash: row.contentHash,
    ...(row.uri ? { uri: row.uri } : {}),
    ...(row.filename ? { filename: row.filename } : {}),
    collectionId: row.collectionId,
    collection: { id: row.collectionId, name: collectionName },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(row.connector ? { connector: row.connector, externalId: row.externalId ?? '' } : {}),
    ...(row.crawlId ? { crawlId: row.crawlId } : {}),
    ...(row.kind === 'url'
      ? {
          refresh: row.crawlId ? null : (row.refresh as SourceJson['refresh']),
          checkedAt: row.checkedAt?.toISOString() ?? null,
          changedAt: row.changedAt?.toISOString() ?? null,
          nextRefreshAt: row.nextRefreshAt?.toISOString() ?? null,
        }
      : {}),
  };
}

/** Sources as the API shows them, each with its collection's name (one query for all of them). */
export async function presentSources(rows: SourceRow[]): Promise<SourceJson[]> {
  const ids = [...new Set(rows.map((r) => r.collectionId))];
  const db = await prisma();
  const names = new Map(
    ids.length
      ? (await db.collection.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((c) => [
          c.id,
          c.name,
        ])
      : [],
  );
  return rows.map((r) => toSourceJson(r, names.get(r.collectionId) ?? ''));
}

export async function presentSource(row: SourceRow): Promise<SourceJson> {
  return (await presentSources([row]))[0]!;
}
