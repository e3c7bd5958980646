// What the parse pool's thread is asked to do and what it answers: typed on both sides, and
// plain data, as structured cloning carries it.
import type { ChunkOptions } from '../../index/chunk-text';
import type { ReadDocument } from '../extracted-document';
import type { ParseLimits } from '../parse-limits';
import type { PdfOcrOptions, PdfPages } from '../pdf/read-pdf-pages';

export type ParseTask =
  /** A file read and chunked whole (pool/read-document.ts). */
  | {
      kind: 'read';
      bytes: Uint8Array;
      mediaType: string;
      chunking: ChunkOptions;
      limits: ParseLimits;
      address?: string;
    }
  /** A PDF's pages read by PDF.js, for parsePdf called outside the pool. */
  | { kind: 'pdf-pages'; bytes: Uint8Array; maxPages: number; ocr?: PdfOcrOptions };

export interface ParseResults {
  read: ReadDocument;
  'pdf-pages': PdfPages;
}

export type ParseReply<K extends ParseTask['kind'] = ParseTask['kind']> =
  { result: ParseResults[K] } | { error: { message: string; extraction: boolean; stack?: string } };

let poolThread = false;

/** Code running on the pool's thread reads in place: it never asks the pool (which would wait on itself). */
export const onPoolThread = () => poolThread;
export function markPoolThread(): void {
  poolThread = true;
}
