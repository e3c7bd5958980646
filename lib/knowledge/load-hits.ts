import 'server-only';
import { prisma } from '@/lib/db';
import type { Ranked } from './search-lexical';
import type { ChunkLocation, SearchHit } from './types';

/**
 * Turns ranked chunk ids into hits, keeping only chunks that are visible: the
 * live generation of a source that has not failed. Chunks of an ingestion in
 * progress belong to a newer generation and are filtered out here, as are
 * chunks whose source was deleted meanwhile (they no longer exist).
 */
export async function loadHits(ranked: Ranked[], k: number): Promise<SearchHit[]> {
  if (ranked.length === 0) return [];
  const db = await prisma();
  const ids = ranked.map((r) => r.chunkId);
  const rows = await db.$queryRaw<
    { id: string; source_id: string; title: string; text: string; location: ChunkLocation; metadata: Record<string, unknown> }[]
  >`
    SELECT c.id::text AS id, c.source_id::text AS source_id, s.title, c.text, c.location, s.metadata
    FROM chunks c JOIN sources s ON s.id = c.source_id
    WHERE c.id = ANY(${ids}::uuid[]) AND c.generation = s.generation AND s.status <> 'failed'`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const hits: SearchHit[] = [];
  for (const r of ranked) {
    const row = byId.get(r.chunkId);
    if (!row) continue;
    hits.push({
      chunkId: row.id,
      sourceId: row.source_id,
      title: row.title,
      text: row.text,
      score: r.score,
      location: row.location,
      metadata: row.metadata ?? {},
    });
    if (hits.length >= k) break;
  }
  return hits;
}
