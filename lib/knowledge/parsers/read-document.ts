import { chunkText, type ChunkOptions, type TextChunk } from '../chunk-text';
import { extractDocument } from './extract-document';

export interface ReadDocument {
  title?: string;
  chunks: TextChunk[];
}

/** A document's text, extracted and chunked on the calling thread. */
export async function extractAndChunk(bytes: Uint8Array, mediaType: string, chunking: ChunkOptions): Promise<ReadDocument> {
  const doc = await extractDocument(bytes, mediaType);
  return { title: doc.title, chunks: chunkText(doc.text, { ...chunking, pageStarts: doc.pageStarts }) };
}
