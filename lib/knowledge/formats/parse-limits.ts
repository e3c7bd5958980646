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
}

export const parseLimits = (c = config()): ParseLimits => ({
  maxExpandedBytes: c.MAX_EXPANDED_BYTES,
  heapMb: c.PARSE_MAX_HEAP_MB,
  pdfMaxPages: c.PDF_MAX_PAGES,
  pdfTimeoutMs: c.PDF_TIMEOUT_MS,
});
