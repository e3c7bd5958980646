import { bareTitle } from '@/lib/bare-title';
import type { ChunkLocation } from '../sources/types';

/**
 * What a chunk is read with besides its text, by the index and the embedding model: its
 * source's title, its heading path and, for rows of a table, the table's header.
 */
export function chunkContext(title: string, location: Pick<ChunkLocation, 'headings' | 'tableHeader'>): string[] {
  return [
    title,
    ...fileNameWords(title),
    ...(location.headings ?? []),
    ...(location.tableHeader ? [location.tableHeader] : []),
  ];
}

/**
 * The words of a title that is a file name (`debian.csv`, `release-schedule.json`): the text
 * search parser reads the name as one host name (`debian.csv`), so "Debian" never met it.
 */
function fileNameWords(title: string): string[] {
  const bare = bareTitle(title);
  if (bare === title || !/^[\w.-]+$/.test(bare)) return [];
  const words = bare.replace(/[\W_]+/g, ' ').trim();
  return words ? [words] : [];
}
