import { chunkText, type ChunkOptions } from '../index/chunk-text';
import { extractDocument } from './extract-document';
import type { ReadDocument } from './extracted-document';
import type { ParseLimits } from './parse-limits';

export type { ReadDocument } from './extracted-document';

/** A document's text, extracted and chunked on the calling thread (`address`, `limits`: see extractDocument). */
export async function extractAndChunk(
  bytes: Uint8Array,
  mediaType: string,
  chunking: ChunkOptions,
  { address, limits }: { address?: string; limits?: ParseLimits } = {},
): Promise<ReadDocument> {
  const doc = await extractDocument(bytes, mediaType, { address, limits });
  const chunks = chunkText(doc.text, { ...chunking, pageStarts: doc.pageStarts });
  return { title: doc.title, chunks, ...(doc.ocr ? { ocr: doc.ocr } : {}) };
}
