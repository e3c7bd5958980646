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
  /** PDF.js saw the line end after this run. */
  eol: boolean;
}

/** One line of a page, its runs put together. */
export interface PdfLine {
  text: string;
  /** Left edge, right edge and baseline, in points from the page's lower left corner. */
  x: number;
  right: number;
  y: number;
  /** The size most of its characters are set in. */
  size: number;
  /** Every character is monospaced: a line of code. */
  mono: boolean;
  /** Wide gaps between its runs: a table row or a form, whose line breaks carry meaning. */
  tabular: boolean;
}

const DOT_LEADER = /\s*(?:\.\s?){4,}\s*/;

/** A gap this many font sizes wide between two runs of one line is a column gap, not a space. */
const COLUMN_GAP = 2;

/**
 * A page's runs, in the order the PDF draws them, as lines: a line ends where PDF.js saw it
 * end or where the baseline moves by more than half a font size (a superscript stays on its
 * line). Monospaced runs inside a line become code spans, so `<MIME>/globs2` stays a path.
 */
export function pageLines(runs: PdfTextRun[]): PdfLine[] {
  const lines: PdfLine[] = [];
  let parts: PdfTextRun[] = [];
  let base: PdfTextRun | undefined;
  const close = () => {
    if (parts.some((p) => p.text.trim())) lines.push(toLine(parts));
    parts = [];
    base = undefined;
  };
  for (const run of runs) {
    if (run.text) {
      if (base && Math.abs(run.y - base.y) > 0.5 * Math.max(run.size, base.size)) close();
      parts.push(run);
      if (run.text.trim() && (!base || run.text.length > base.text.length)) base = run;
    }
    if (run.eol) close();
  }
  close();
  return lines;
}

function toLine(parts: PdfTextRun[]): PdfLine {
  const words = parts.filter((p) => p.text.trim());
  const mono = words.every((p) => p.mono);
  // Code is often set a size smaller than the text around it: the text says the line's size.
  const base = words.filter((p) => p.mono === mono).reduce((a, b) => (b.text.length > a.text.length ? b : a));
  let tabular = false;
  const pieces: { text: string; mono: boolean }[] = [];
  let end: number | undefined;
  for (const part of parts) {
    let text = part.text;
    if (end !== undefined && part.text.trim()) {
      const gap = part.x - end;
      if (gap > COLUMN_GAP * part.size) tabular = true;
      // Runs a little apart are words apart, when the PDF drew no space between them.
      if (gap > 0.15 * part.size && !/\s$/.test(pieces.at(-1)!.text) && !/^\s/.test(text)) text = ' ' + text;
    }
    if (part.text.trim()) end = part.x + part.width;
    const last = pieces.at(-1);
    // Blank runs belong to the text around them; only words say whether a piece is code.
    if (last && (last.mono === part.mono || !part.text.trim())) last.text += text;
    else pieces.push({ text, mono: part.mono });
  }
  // A dot leader (a table of contents' ". . . . 12") is a column gap too.
  for (const piece of pieces) {
    if (!DOT_LEADER.test(piece.text)) continue;
    piece.text = piece.text.replace(DOT_LEADER, ' … ');
    piece.mono = false;
    tabular = true;
  }
  const text = mono ? pieces.map((p) => p.text).join('') : pieces.map(codeSpan).join('');
  const x = Math.min(...words.map((p) => p.x));
  return {
    text: text.replace(/\s+/g, ' ').trim(),
    x,
    right: Math.max(...words.map((p) => p.x + p.width)),
    y: base.y,
    size: base.size,
    mono,
    tabular,
  };
}

/**
 * A word holding `*` or `_` in a proportional font: a glob, a file pattern, a name from code
 * (`*.tar.gz`, `XDG_DATA_HOME`, `__NOGLOBS__`). Read as Markdown, its marks would be emphasis
 * and vanish; as a code span it stays as printed. Quotes and punctuation around it stay outside.
 */
const MARKED_WORD = /(?<=^|\s|["'‘’“”(\[])(?=[^\s`]*[*_])(?=[^\s`]*[\p{L}\p{N}])[^\s`"'‘’“”()[\]]*[^\s`"'‘’“”()[\],;:.!?](?=$|[\s"'‘’“”)\],;:.!?])/gu;

/**
 * A piece of a line as Markdown: a monospaced piece is a code span (the spaces around it left
 * outside), and so is each word of a proportional one that holds `*` or `_`.
 */
function codeSpan(piece: { text: string; mono: boolean }): string {
  const word = piece.text.trim();
  // (A word's trailing asterisk is a footnote's mark.)
  if (!piece.mono) return piece.text.replace(MARKED_WORD, (w) => (/^[\p{L}\p{N}]+\*+$/u.test(w) ? w : `\`${w}\``));
  if (!word || word.includes('`')) return piece.text;
  const [, before = '', after = ''] = /^(\s*)[^]*?(\s*)$/.exec(piece.text) ?? [];
  return `${before}\`${word}\`${after}`;
}
