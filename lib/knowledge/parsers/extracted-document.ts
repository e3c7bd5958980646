/** What every parser produces: Markdown-like text (headings as `#` lines) the chunker understands. */
export interface ExtractedDocument {
  title?: string;
  text: string;
  /** PDF only: character offset where each page starts in `text`. */
  pageStarts?: number[];
}

/** A file that cannot become text: the source ends `failed` with this message. */
export class ExtractionError extends Error {
  override name = 'ExtractionError';
}
