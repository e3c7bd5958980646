import 'server-only';
import { getDatabase, Prisma } from '@/lib/db';
import type { ChunkLocation, SearchHit } from './types';

/**
 * Loads candidate chunks, keeping only visible ones: the live generation of a
 * source that has not failed. Chunks of an ingestion in progress belong to a
 * newer generation and are filtered out here, as are chunks whose source was
 * deleted meanwhile (they no longer exist).
 */
export async function loadCandidates(ids: string[]): Promise<Omit<SearchHit, 'score'>[]> {
  if (ids.length === 0) return [];
  const db = await getDatabase();
  const rows = await db.query<
    { id: string; source_id: string; title: string; text: string; location: ChunkLocation; metadata: Record<string, unknown> }
  >(Prisma.sql`
    SELECT c.id::text AS id, c.source_id::text AS source_id, s.title, c.text, c.location, s.metadata
    FROM chunks c JOIN sources s ON s.id = c.source_id
    WHERE c.id = ANY(${ids}::uuid[]) AND c.generation = s.generation AND s.status <> 'failed'`);
  return rows.map((r) => ({
    chunkId: r.id,
    sourceId: r.source_id,
    title: r.title,
    text: r.text,
    location: r.location,
    metadata: r.metadata ?? {},
  }));
}
