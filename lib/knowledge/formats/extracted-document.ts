import type { TextChunk } from '../index/chunk-text';

/** What every parser produces: Markdown-like text (headings as `#` lines) the chunker understands. */
export interface ExtractedDocument {
  title?: string;
  text: string;
  /** PDF only: character offset where each page starts in `text`. */
  pageStarts?: number[];
  /** Set when some of the text was read by OCR (a scanned page, an image). */
  ocr?: OcrSummary;
}

/** How much of a document OCR read: its pages (an image is one) and its words' mean confidence, 0–100. */
export interface OcrSummary {
  pages: number;
  confidence: number;
}

/** A document's title and chunks, as the ingest stores them. */
export interface ReadDocument {
  title?: string;
  chunks: TextChunk[];
  ocr?: OcrSummary;
}

/** A file that cannot become text: the source ends `failed` with this message. */
export class ExtractionError extends Error {
  override name = 'ExtractionError';
}

/** A compressed file (a DOCX's parts, a PDF's streams) that inflates to more than MAX_EXPANDED_BYTES. */
export function expandsTooMuch(maxBytes: number): ExtractionError {
  return new ExtractionError(
    `The document expands to more than ${Math.round(maxBytes / 2 ** 20)} MB when decompressed (MAX_EXPANDED_BYTES): a file that grows this much is damaged or built to exhaust memory.`,
  );
}
