import 'server-only';
import type { Reach } from '@/lib/access';
import { prisma } from '@/lib/db/index';
import { readSourceText } from './source-text';

export interface SourceTextRange {
  /** `length` characters of the text from `offset` (fewer at its end). */
  text: string;
  offset: number;
  /** The whole text's length: the offsets of hits' and citations' `location` index the same text. */
  totalLength: number;
  /** Where the next range starts; null when this one reaches the end. */
  nextOffset: number | null;
  generation: number;
  mediaType: 'text/plain' | 'text/markdown';
}

/**
 * Part of a source's text as ingested (readSourceText), in UTF-16 code units as `location`
 * offsets count: the chunks are read only up to the range's end, so paging through a long
 * source does not read all of it for every page. 404/409 as readSourceText.
 */
export async function readSourceTextRange(
  id: string,
  reach: Reach,
  { offset, length }: { offset: number; length: number },
): Promise<SourceTextRange> {
  const { generation, text, mediaType } = await readSourceText(id, reach);
  const end = offset + length;
  let read = '';
  const reader = text.getReader();
  while (read.length < end) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value;
  }
  await reader.cancel();
  const totalLength = await textLength(id, generation);
  let slice = read.slice(offset, end);
  // A range never ends between the two halves of a character outside the BMP (an emoji).
  if (slice.length > 1 && /[\uD800-\uDBFF]$/.test(slice) && offset + slice.length < totalLength)
    slice = slice.slice(0, -1);
  const reached = offset + slice.length;
  return {
    text: slice,
    offset,
    totalLength,
    nextOffset: reached < totalLength ? reached : null,
    generation,
    mediaType,
  };
}

/** The text's length is where its last chunk ends (readSourceText writes up to there). */
async function textLength(id: string, generation: number): Promise<number> {
  const db = await prisma();
  const [row] = await db.$queryRaw<{ end: number | null }[]>`
    SELECT max((location->>'end')::int) AS "end" FROM chunks WHERE source_id = ${id}::uuid AND generation = ${generation}`;
  return row?.end ?? 0;
}
