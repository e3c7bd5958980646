// A piece of a page's text as PDF.js reads it, with the links found on it: shared by the line
// reader (pdf-lines.ts) and the link finder (pdf-links.ts), which each need the other's results.

/** A run of text as PDF.js reads it off a page: where its baseline starts, how wide and how large it is. */
export interface PdfTextRun {
  text: string;
  x: number;
  y: number;
  width: number;
  /** Font size in points, as drawn (the text matrix's vertical scale). */
  size: number;
  /** Set in a monospaced font: code, commands, paths. */
  mono: boolean;
  /** Set in a bold font. */
  bold?: boolean;
  /** PDF.js saw the line end after this run. */
  eol: boolean;
  /** The parts of its text that are a link's words (see attachLinks), in order. */
  links?: RunLink[];
  /** It ends with the first part of a web address printed over two lines (see attachLinks). */
  breaksAddress?: boolean;
}

/** Characters `from` to `to` (not included) of a run's text are the words of a link to `url`. */
export interface RunLink {
  from: number;
  to: number;
  url: string;
}
