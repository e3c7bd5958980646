import 'server-only';
import type { Reach } from '@/lib/access';
import { prisma } from '@/lib/db/index';
import { ApiError, notFound } from '@/lib/http/api-error';
import { inReach } from './source-access';
import type { ChunkLocation } from './types';

/** Chunks read per statement: a large source never holds the database for long. */
const PAGE = 500;

/** The ETag of a source's text: it changes with the generation, and only then. */
export function sourceTextEtag(id: string, generation: number): string {
  return `"${id}.${generation}"`;
}

export interface SourceText {
  /** The chunks' generation: the text changes only with it (an ETag). */
  generation: number;
  /** `text/plain` for a plain text source; every other parser's text is Markdown. */
  mediaType: 'text/plain' | 'text/markdown';
  text: ReadableStream<string>;
}

/**
 * A source's text as it was ingested (the parser's Markdown-like text), put back together from
 * the chunks search reads. Each chunk is `text.slice(start, end)` of it, so the overlap between
 * two chunks is written once, and the gap between them (whitespace, trimmed off the chunks) is
 * filled to its length: a citation's `location.start`/`end` index the result. 404 for no such
 * source, or one outside the reader's `reach`, 409 while it has no searchable text (ingested for
 * the first time, or failed).
 */
export async function readSourceText(id: string, reach: Reach): Promise<SourceText> {
  const db = await prisma();
  const source = await searchableSource(id, reach);
  const { generation, chunkCount } = source;
  let written = 0; // characters of the text so far
  let after = -1; // the last ordinal read
  const text = new ReadableStream<string>({
    async pull(controller) {
      const rows = await db.$queryRaw<{ ordinal: number; text: string; location: ChunkLocation }[]>`
        SELECT ordinal, text, location FROM chunks
        WHERE source_id = ${id}::uuid AND generation = ${generation} AND ordinal > ${after}
        ORDER BY ordinal LIMIT ${PAGE}`;
      let out = '';
      for (const row of rows) {
        const { start, end } = row.location;
        if (start > written) out += gap(start - written);
        if (end > written) out += row.text.slice(Math.max(0, written - start));
        written = Math.max(written, end);
        after = row.ordinal;
      }
      if (out) controller.enqueue(out);
      if (rows.length === PAGE) return;
      // Fewer chunks than the source had: it was replaced or deleted meanwhile, and the text is cut.
      if (after + 1 < chunkCount) controller.error(new Error('The source changed while its text was read.'));
      else controller.close();
    },
  });
  return { generation, text, mediaType: source.mediaType === 'text/plain' ? 'text/plain' : 'text/markdown' };
}

/**
 * The source's generation that search reads, with its chunk count and media type. 404 for no such
 * source and for one in a collection the reader does not reach (the same answer), 409 while it
 * has none: ingested for the first time, or failed.
 */
export async function searchableSource(
  id: string,
  reach: Reach,
): Promise<{ generation: number; chunkCount: number; mediaType: string }> {
  const db = await prisma();
  const source = await db.source.findFirst({
    where: { id, ...inReach(reach) },
    select: { status: true, generation: true, chunkCount: true, mediaType: true },
  });
  if (!source) throw notFound('source');
  if (source.status === 'failed')
    throw new ApiError('conflict', 'This source failed to ingest: it has no text to read.');
  if (source.generation === 0)
    throw new ApiError('conflict', 'This source is still being ingested: its text is not ready yet.');
  return source;
}

/** Whitespace a chunk was trimmed of: one space between sentences, else a paragraph break. */
function gap(length: number): string {
  return length === 1 ? ' ' : '\n'.repeat(length);
}
