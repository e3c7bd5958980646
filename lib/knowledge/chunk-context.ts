import type { ChunkLocation } from './types';

/**
 * What a chunk is read with besides its text, by the index and the embedding model: its
 * source's title, its heading path and, for rows of a table, the table's header.
 */
export function chunkContext(title: string, location: Pick<ChunkLocation, 'headings' | 'tableHeader'>): string[] {
  return [title, ...(location.headings ?? []), ...(location.tableHeader ? [location.tableHeader] : [])];
}
