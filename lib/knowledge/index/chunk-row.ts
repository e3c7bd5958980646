import type { ChunkLocation, SearchHit } from '../sources/types';

/** A chunk as the statements that read passages select it: with its source's title and metadata. */
export interface ChunkRow {
  id: string;
  source_id: string;
  title: string;
  text: string;
  location: ChunkLocation;
  generation: number;
  metadata: Record<string, unknown> | null;
}

/** The passage a chunk row is, short of a score. */
export function passageOf(row: ChunkRow): Omit<SearchHit, 'score'> {
  return {
    chunkId: row.id,
    sourceId: row.source_id,
    title: row.title,
    text: row.text,
    location: row.location,
    generation: row.generation,
    metadata: row.metadata ?? {},
  };
}
