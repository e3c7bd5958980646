import type { Reach } from '@/lib/access';
/** Where a chunk sits in its source, so a citation can point to the exact place. */
export interface ChunkLocation {
  /** Heading path from the document root, e.g. ["Guide", "Install"]. */
  headings?: string[];
  /** 1-based PDF page of the chunk's first character. */
  page?: number;
  /** 1-based PDF page of the chunk's last character, when it is not `page`: the chunk runs over a page turn. */
  pageEnd?: number;
  /**
   * The header and delimiter rows of the Markdown table the chunk starts in, when it starts below
   * them: the names of its rows' columns. Not part of the text at `start`…`end`.
   */
  tableHeader?: string;
  /**
   * The opening line of the fenced code block the chunk starts in (```ts), when it starts below
   * it: what makes the text up to the block's closing fence code. Not part of the text at
   * `start`…`end`.
   */
  codeFence?: string;
  /** Character offsets [start, end) in the extracted text of the source. */
  start: number;
  end: number;
}

/** One retrieval result: the same shape the search API returns and citations use. */
export interface SearchHit {
  chunkId: string;
  sourceId: string;
  title: string;
  text: string;
  score: number;
  location: ChunkLocation;
  /** The source's generation the chunk belongs to: `location` indexes that version of its text. */
  generation: number;
  metadata: Record<string, unknown>;
}

export interface SearchOptions {
  query: string;
  k?: number;
  sourceId?: string;
  /** The collections searched (lib/access): absent, all of them. Applied inside both legs' SQL, before ranking. */
  reach?: Reach;
}
