import { mailAddress, markdownLink, withMailAddress } from '../markdown/markdown-link';
import { attachLinks, type PdfLink } from './pdf-links';
import type { PdfTextRun } from './pdf-text-run';

export type { PdfTextRun } from './pdf-text-run';

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
  /** Every word is bold. */
  bold: boolean;
  /** Wide gaps between its runs: a table row or a form, whose line breaks carry meaning. */
  tabular: boolean;
  /**
   * Its Markdown with its links (to web addresses) written as links, where it has any; `text`
   * keeps their words alone, for reading the layout and for headings and code.
   */
  linked?: string;
  /** The parts between gaps wide enough to part a table's cells (not a table of contents' dot leaders). */
  cells?: PdfCell[];
  /** It ends in the middle of a web address printed on, which the next line goes on with. */
  breaksAddress?: boolean;
}

/** What a line holds between two column gaps: Markdown (`linked`, with its links), and whether all of it is code. */
export interface PdfCell {
  text: string;
  linked?: string;
  x: number;
  right: number;
  mono: boolean;
}

const DOT_LEADER = /\s*(?:\.\s?){4,}\s*/;

/** A gap this many font sizes wide between two runs of one line is a column gap, not a space. */
const COLUMN_GAP = 2;
/**
 * A gap this wide may part two cells of a table's row (their padding, an em or more, apart),
 * when the lines around it have cells in the same columns.
 */
const CELL_GAP = 0.9;

/**
 * A page's runs, in the order the PDF draws them, as lines: a line ends where PDF.js saw it
 * end or where the baseline moves by more than half a font size (a superscript stays on its
 * line). Monospaced runs inside a line become code spans, so `<MIME>/globs2` stays a path, and
 * the words of the page's `links` links.
 */
export function pageLines(drawn: PdfTextRun[], links: PdfLink[] = []): PdfLine[] {
  const lines: PdfLine[] = [];
  let parts: PdfTextRun[] = [];
  let base: PdfTextRun | undefined;
  const close = () => {
    if (parts.some((p) => p.text.trim())) lines.push(toLine(parts));
    parts = [];
    base = undefined;
  };
  // PDF.js reads a glyph its font maps to no character (an emoji, a dingbat) as NUL.
  const runs = drawn.map((run) =>
    run.text.includes('\u0000') ? { ...run, text: run.text.replaceAll('\u0000', '') } : run,
  );
  for (const run of links.length ? attachLinks(runs, links) : runs) {
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
  const drawn: Piece[] = [];
  const bounds: { x: number; right: number }[] = [];
  let tabular = false;
  let end: number | undefined;
  for (const part of parts) {
    let space = '';
    let cellOpens = !bounds.length && !!part.text.trim();
    if (end !== undefined && part.text.trim()) {
      const gap = part.x - end;
      if (gap > COLUMN_GAP * part.size) tabular = true;
      cellOpens = gap > CELL_GAP * part.size;
      // Runs a little apart are words apart, when the PDF drew no space between them.
      if (gap > 0.15 * part.size && !/\s$/.test(drawn.at(-1)!.text) && !/^\s/.test(part.text)) space = ' ';
    }
    if (cellOpens) bounds.push({ x: part.x, right: part.x });
    if (part.text.trim()) {
      end = part.x + part.width;
      bounds.at(-1)!.right = end;
    }
    const cell = Math.max(0, bounds.length - 1);
    linkSegments(part).forEach(({ text, link }, i) =>
      drawn.push({ text: i === 0 ? space + text : text, mono: part.mono, cell, link }),
    );
  }
  const pieces = joined(drawn, true);
  const cells =
    bounds.length > 1 ? bounds.map((b, i) => ({ ...b, ...cellText(pieces.filter((p) => p.cell === i)) })) : undefined;
  // A dot leader (a table of contents' ". . . . 12") is a column gap too.
  let leader = false;
  for (const piece of pieces) {
    if (!DOT_LEADER.test(piece.text)) continue;
    piece.text = piece.text.replace(DOT_LEADER, ' … ');
    piece.mono = false;
    tabular = leader = true;
  }
  const x = Math.min(...words.map((p) => p.x));
  return {
    text: markdownOf(unlinked(pieces), mono),
    ...(pieces.some((p) => p.link) ? { linked: linkedMarkdown(pieces) } : {}),
    x,
    right: Math.max(...words.map((p) => p.x + p.width)),
    y: base.y,
    size: base.size,
    mono,
    bold: words.every((p) => p.bold),
    tabular,
    ...(cells && !leader ? { cells } : {}),
    ...(words.at(-1)!.breaksAddress ? { breaksAddress: true } : {}),
  };
}

interface Piece {
  text: string;
  mono: boolean;
  /** Which of the line's cells (parts set apart by a column gap) it belongs to. */
  cell: number;
  /** The web address its words link to. */
  link?: string;
}

/** A run's text in the parts its links part it into, each with the address it links to. */
function linkSegments(run: PdfTextRun): { text: string; link?: string }[] {
  const segments: { text: string; link?: string }[] = [];
  let at = 0;
  for (const { from, to, url } of run.links ?? []) {
    if (from < at) continue; // (two links' boxes over the same words: the first)
    if (from > at) segments.push({ text: run.text.slice(at, from) });
    segments.push({ text: run.text.slice(from, to), link: url });
    at = to;
  }
  if (at < run.text.length || !segments.length) segments.push({ text: run.text.slice(at) });
  return segments;
}

/**
 * Pieces each one with the piece before it where both are in the same cell and both code or
 * both not (blank text belongs to the text around it: only words say whether a piece is code),
 * and, `byLink`, link to the same address; else without their links.
 */
function joined(pieces: Piece[], byLink: boolean): Piece[] {
  const out: Piece[] = [];
  for (const { link, ...piece } of pieces) {
    const last = out.at(-1);
    if (
      last &&
      last.cell === piece.cell &&
      (!byLink || last.link === link) &&
      (last.mono === piece.mono || !piece.text.trim())
    )
      last.text += piece.text;
    else out.push(byLink ? { ...piece, link } : piece);
  }
  return out;
}

/** Pieces as they are without their links: the words of a link one with the words around them. */
const unlinked = (pieces: Piece[]) => joined(pieces, false);

/**
 * Pieces as one line of Markdown with their links: the words of each (code spans among them)
 * `[words](address)`, or for a mail address `words (address)`. A space between two boxes of one
 * link (a link's words in two fonts) is the link's.
 */
function linkedMarkdown(pieces: Piece[]): string {
  const linkOf = (i: number) =>
    pieces[i]!.link ??
    (!pieces[i]!.text.trim() && pieces[i - 1]?.link === pieces[i + 1]?.link ? pieces[i - 1]?.link : undefined);
  const groups: { pieces: Piece[]; link?: string }[] = [];
  pieces.forEach((piece, i) => {
    const link = linkOf(i);
    const last = groups.at(-1);
    if (link && last?.link === link) last.pieces.push(piece);
    else groups.push({ pieces: [piece], link });
  });
  return groups
    .map(({ pieces, link }) => {
      const text = unlinked(pieces).map(codeSpan).join('');
      const mail = link && mailAddress(link);
      return mail ? withMailAddress(text, mail) : link ? markdownLink(text, new URL(link)) : text;
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A cell's pieces as Markdown (and with its links), and whether all of it is code. */
function cellText(pieces: Piece[]): { text: string; linked?: string; mono: boolean } {
  const mono = pieces.every((p) => p.mono || !p.text.trim());
  return {
    text: markdownOf(unlinked(pieces), mono),
    ...(pieces.some((p) => p.link) ? { linked: linkedMarkdown(pieces) } : {}),
    mono,
  };
}

/** Pieces as one line of Markdown: code as printed when all of it is code (`mono`), else code spans among the words. */
function markdownOf(pieces: Piece[], mono: boolean): string {
  if (mono)
    return pieces
      .map((p) => p.text)
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
  // Two code spans that touch are one: `f (``name` would open a span of two backticks.
  const spans = pieces.map(codeSpan);
  const text = spans.reduce(
    (line, span) => (/[^`]`$/.test(line) && /^`[^`]/.test(span) ? line.slice(0, -1) + span.slice(1) : line + span),
    '',
  );
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * A word holding `*` or `_` in a proportional font: a glob, a file pattern, a name from code
 * (`*.tar.gz`, `XDG_DATA_HOME`, `__NOGLOBS__`). Read as Markdown, its marks would be emphasis
 * and vanish; as a code span it stays as printed. Quotes and punctuation around it stay outside.
 */
const MARKED_WORD =
  /(?<=^|\s|["'‘’“”(\[])(?=[^\s`]*[*_])(?=[^\s`]*[\p{L}\p{N}])[^\s`"'‘’“”()[\]]*[^\s`"'‘’“”()[\],;:.!?](?=$|[\s"'‘’“”)\],;:.!?])/gu;

/**
 * A piece of a line as Markdown: a monospaced piece is a code span (the spaces around it left
 * outside), and so is each word of a proportional one that holds `*` or `_`.
 */
function codeSpan(piece: Pick<Piece, 'text' | 'mono'>): string {
  const word = piece.text.trim();
  // (A word's trailing asterisk is a footnote's mark.)
  if (!piece.mono) return piece.text.replace(MARKED_WORD, (w) => (/^[\p{L}\p{N}]+\*+$/u.test(w) ? w : `\`${w}\``));
  if (!word) return piece.text;
  const [, before = '', after = ''] = /^(\s*)[^]*?(\s*)$/.exec(piece.text) ?? [];
  return `${before}${asCode(word)}${after}`;
}

/** Monospaced text set apart from prose as a code span (as printed, when it holds a backtick itself). */
export function asCode(text: string): string {
  return text.includes('`') ? text : `\`${text}\``;
}

/** A small shape a page draws (a dot, a ring, a square): its box, in points from the lower left corner. */
export interface PdfMark {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Lines that a drawn mark opens become list items. A browser printing a page draws a list's
 * bullets as shapes, not characters, so without them each item would read as a line of one
 * paragraph. A mark opens a line when it is smaller than the line's letters, sits just left of
 * its first word and at the height of its lower-case letters.
 */
export function markBullets(lines: PdfLine[], marks: PdfMark[]): PdfLine[] {
  if (!marks.length) return lines;
  return lines.map((line) => {
    const size = line.size;
    const bullet = marks.find((m) => {
      const middle = m.y + m.height / 2;
      const gap = line.x - (m.x + m.width);
      return (
        m.width <= 0.6 * size &&
        m.height <= 0.6 * size &&
        gap >= -0.1 * size &&
        gap <= 2 * size &&
        middle >= line.y &&
        middle <= line.y + 0.7 * size
      );
    });
    if (!bullet) return line;
    return {
      ...line,
      text: `• ${line.mono ? asCode(line.text) : line.text}`,
      ...(line.linked ? { linked: `• ${line.linked}` } : {}),
      x: bullet.x,
      mono: false,
    };
  });
}

/**
 * The underscores a page draws as bars. TeX's roman fonts have no underscore glyph: `\_` is a
 * bar a third of an em wide on the baseline, and PDF.js reads the gap it leaves as a space, so
 * `asn1_der_coding` came out "asn1 der coding". A bar that wide on a run's baseline makes the
 * space nearest to it (where the run's width, shared out evenly among its characters, puts
 * each) an underscore; one in the gap between two runs joins them with it. An underline is
 * wider and lower, and a rule far wider.
 */
export function drawnUnderscores(runs: PdfTextRun[], bars: { x: number; right: number; y: number }[]): PdfTextRun[] {
  if (!bars.length) return runs;
  const out = runs.map((run) => ({ ...run }));
  // The runs by the point their baseline is at: a bar is looked for among those of its line.
  const byLine = new Map<number, PdfTextRun[]>();
  for (const run of out)
    if (run.text.trim()) byLine.set(Math.round(run.y), [...(byLine.get(Math.round(run.y)) ?? []), run]);
  for (const bar of bars) {
    const middle = (bar.x + bar.right) / 2;
    const width = bar.right - bar.x;
    const line = [-3, -2, -1, 0, 1, 2, 3].flatMap((d) => byLine.get(Math.round(bar.y) + d) ?? []);
    const fits = (run: PdfTextRun) =>
      width >= 0.2 * run.size && width <= 0.5 * run.size && Math.abs(bar.y - run.y) <= 0.12 * run.size;
    const inside = line.find((run) => fits(run) && middle > run.x && middle < run.x + run.width);
    if (inside) {
      const step = inside.width / inside.text.length;
      let best = -1;
      for (let i = 1; i < inside.text.length - 1; i++) {
        if (inside.text[i] !== ' ') continue;
        const off = Math.abs(inside.x + (i + 0.5) * step - middle);
        if (off <= 0.6 * inside.size && (best < 0 || off < Math.abs(inside.x + (best + 0.5) * step - middle))) best = i;
      }
      if (best > 0) inside.text = `${inside.text.slice(0, best)}_${inside.text.slice(best + 1)}`;
      continue;
    }
    const before = line.find(
      (run) => fits(run) && run.x + run.width <= middle && middle - (run.x + run.width) <= 0.5 * run.size,
    );
    const after = line.find((run) => fits(run) && run.x >= middle && run.x - middle <= 0.5 * run.size);
    if (!before || !after || before === after) continue;
    before.text = before.text.replace(/ ?$/, '_');
    before.width = after.x - before.x;
    after.text = after.text.replace(/^ /, '');
  }
  return out;
}
