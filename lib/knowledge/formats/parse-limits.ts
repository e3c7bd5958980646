import { config } from '@/lib/config';

/** The limits a parse runs under, read from the settings where the parse is asked for. */
export interface ParseLimits {
  /** MAX_EXPANDED_BYTES */
  maxExpandedBytes: number;
  /** PARSE_MAX_HEAP_MB */
  heapMb: number;
  /** PDF_MAX_PAGES */
  pdfMaxPages: number;
  /** PDF_TIMEOUT_MS */
  pdfTimeoutMs: number;
  /** OCR_LANGUAGES: the installed `@tesseract.js-data/<lang>` packages OCR reads with. */
  ocrLanguages: string[];
  /** OCR_MAX_PIXELS: an image declaring more pixels is refused before it is decoded. */
  ocrMaxPixels: number;
}

export const parseLimits = (c = config()): ParseLimits => ({
  maxExpandedBytes: c.MAX_EXPANDED_BYTES,
  heapMb: c.PARSE_MAX_HEAP_MB,
  pdfMaxPages: c.PDF_MAX_PAGES,
  pdfTimeoutMs: c.PDF_TIMEOUT_MS,
  ocrLanguages: c.OCR_LANGUAGES,
  ocrMaxPixels: c.OCR_MAX_PIXELS,
});
