import { chunkText, type ChunkOptions, type TextChunk } from '../index/chunk-text';
import { extractDocument } from './extract-document';

export interface ReadDocument {
  title?: string;
  chunks: TextChunk[];
}

/** A document's text, extracted and chunked on the calling thread (`address`: see extractDocument). */
export async function extractAndChunk(
  bytes: Uint8Array,
  mediaType: string,
  chunking: ChunkOptions,
  address?: string,
): Promise<ReadDocument> {
  const doc = await extractDocument(bytes, mediaType, { address });
  return { title: doc.title, chunks: chunkText(doc.text, { ...chunking, pageStarts: doc.pageStarts }) };
}
