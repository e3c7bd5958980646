import 'server-only';
import { reachSql, type Reach } from '@/lib/access';
import { Prisma, prisma } from '@/lib/db/index';
import { isUuid } from '@/lib/uuid';
import { passageOf, type ChunkRow } from './chunk-row';
import type { ChunkLocation, SearchHit } from '../sources/types';

/** A passage, and when it was read as what comes after another: that one's chunk. */
export interface Passage extends SearchHit {
  /** The chunk this one follows in its source (the one before it in the source's text). */
  follows?: string;
}

/**
 * The chunks named, each followed by the next chunk of its source (when there is one), in the
 * order named: what a reply cited and what comes after it, to go on from. Only chunks search
 * could return: the live generation of a source that has not failed, so a deleted or replaced
 * source's passages are never read again; and only those the reader reaches (lib/access): a source
 * moved out of reach since it was cited is not read again either. Scores are 0: these were not searched for.
 */
export async function continuedChunks(chunkIds: string[], reach: Reach): Promise<Passage[]> {
  const ids = [...new Set(chunkIds.filter(isUuid))];
  if (ids.length === 0) return [];
  const db = await prisma();
  const rows = await db.$queryRaw<
    (ChunkRow & { next_id: string | null; next_text: string | null; next_location: ChunkLocation | null })[]
  >`
    SELECT c.id::text AS id, c.source_id::text AS source_id, s.title, c.text, c.location, c.generation, s.metadata,
           n.id::text AS next_id, n.text AS next_text, n.location AS next_location
    FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS w(id, i)
    JOIN chunks c ON c.id = w.id
    JOIN sources s ON s.id = c.source_id
    LEFT JOIN chunks n ON n.source_id = c.source_id AND n.generation = c.generation AND n.ordinal = c.ordinal + 1
    WHERE c.generation = s.generation AND s.status <> 'failed' AND ${reachSql(reach, Prisma.sql`s.collection_id`)}
    ORDER BY w.i`;
  return rows.flatMap((r) => {
    const hit = { ...passageOf(r), score: 0 };
    if (r.next_id === null || r.next_text === null) return [hit];
    return [
      hit,
      {
        ...hit,
        chunkId: r.next_id,
        text: r.next_text,
        location: r.next_location ?? { start: 0, end: 0 },
        follows: r.id,
      },
    ];
  });
}
