import { englishCount } from '@/lib/english-words';
import {
  asCode,
  drawnUnderscores,
  markBullets,
  pageLines,
  type PdfLine,
  type PdfMark,
  type PdfTextRun,
} from './pdf-lines';
import type { PdfLink } from './pdf-links';
import { findTables, type PdfRule, type PdfTable } from './pdf-tables';

export interface PdfPage {
  height: number;
  runs: PdfTextRun[];
  /** Small shapes the page draws: a printed web page's list bullets. */
  marks?: PdfMark[];
  /** Its links to web addresses, and the words drawn in each. */
  links?: PdfLink[];
  /** The thin horizontal lines it draws: a table's rules. */
  rules?: PdfRule[];
  /** The short thin horizontal bars it draws: TeX's underscores among them. */
  bars?: PdfRule[];
}

/**
 * A PDF's pages as the chunker reads Markdown: the lines PDF.js finds are put back into what
 * the layout shows. Lines set larger than the body text are headings (`#` by size), and so are
 * short bold lines standing alone (below those); lines without a wide gap between them form
 * paragraphs (a word hyphenated at a line's end is whole again), bullets (characters, or the
 * shapes a browser draws) are list items, monospaced lines code, and text set in columns a
 * table (see findTables). Running heads and feet (a title or
 * page number repeated at the top or bottom of the pages, set apart from the text) are dropped,
 * and so is a sidebar printed on every page: they would otherwise sit in the middle of
 * sentences and in every chunk. A link to a web address is a Markdown link on the words its
 * box covers (outside headings and code). Without a title in
 * the PDF's metadata, the large line that opens the first page is one.
 */
export function layoutPdf(pages: PdfPage[], outline: PdfOutlineEntry[] = []): { pages: string[]; title?: string } {
  const lines = pages.map((page) =>
    readingOrder(markBullets(pageLines(drawnUnderscores(page.runs, page.bars ?? []), page.links), page.marks ?? [])),
  );
  const style = documentStyle(lines.flat());
  const heads = runningHeads(pages, lines, style).union(printedOnEveryPage(lines, style));
  const kept = lines.map((page) => page.filter((line) => !heads.has(line)));
  const outlined = outlineHeadings(kept, outline, style);
  return {
    pages: kept.map((page, n) => writePage(page, style, outlined, pages[n]!.rules ?? [])),
    title: openingTitle(kept[0] ?? [], style),
  };
}

/** An entry of a PDF's outline (its bookmarks): its title, how deep it sits, and the page (from 0) and height it opens at. */
export interface PdfOutlineEntry {
  title: string;
  depth: number;
  page: number;
  /** The top of the view it opens, in points from the page's lower left corner. */
  top?: number;
}

/** A line the outline names a heading: its level, and the entry (a heading set over several lines is one). */
type Outlined = Map<PdfLine, { level: number; entry: PdfOutlineEntry }>;

/** A section's number before its title, which a bookmark may leave out: "2", "2.1", "2.1.", "A.", "IV.". */
const SECTION_NUMBER = /^(?:\d+(?:\.\d+)*\.?|[A-Z]\.|[IVXLC]+\.)\s+/;

/**
 * The headings a PDF's outline names, where it has one. Word, LibreOffice and LaTeX write the
 * outline from the headings, so it knows them all where the look of a heading may not tell
 * (Word's Heading 4 is the body's size, in italics). An entry names the line (or the two or
 * three lines, where a heading wraps) on its page that spells its title, with or without the
 * section's number before it: the one nearest below the top of the view it opens. A heading
 * keeps the level its size or weight gives it; one whose look gives none takes the level under
 * the entry it sits under in the outline (or beside, else its depth).
 */
function outlineHeadings(pages: PdfLine[][], outline: PdfOutlineEntry[], style: Style): Outlined {
  const outlined: Outlined = new Map();
  const spelled = (text: string) =>
    text.normalize('NFKC').replace(/[`*]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
  const lineSpelled = new Map<PdfLine, string>();
  const spelledLine = (line: PdfLine) => lineSpelled.get(line) ?? lineSpelled.set(line, spelled(line.text)).get(line)!;
  const levels: { depth: number; level: number }[] = []; // of the entries named so far, in order
  for (const entry of outline) {
    const page = pages[entry.page] ?? [];
    const title = spelled(entry.title);
    if (!title) continue;
    let best: { lines: PdfLine[]; distance: number } | undefined;
    page.forEach((line, i) => {
      if (outlined.has(line)) return;
      const taken = [line];
      let text = spelledLine(line);
      if (text !== title && SECTION_NUMBER.test(text) && !SECTION_NUMBER.test(title))
        text = text.replace(SECTION_NUMBER, '');
      for (let j = i + 1; text !== title && title.startsWith(`${text} `) && j < Math.min(page.length, i + 3); j++) {
        text = `${text} ${spelledLine(page[j]!)}`;
        taken.push(page[j]!);
      }
      if (text !== title) return;
      // (Below the top, the heading's baseline is an ascent lower; a line above it is further.)
      const distance =
        entry.top === undefined ? i : line.y <= entry.top + 1 ? entry.top - line.y : 10 * (line.y - entry.top);
      if (!best || distance < best.distance) best = { lines: taken, distance };
    });
    if (!best) continue;
    const size = round(best.lines[0]!.size);
    const above = levels.findLast((named) => named.depth < entry.depth);
    const beside = levels.findLast((named) => named.depth === entry.depth);
    const level = Math.min(
      6,
      style.levels.get(size) ??
        style.minorLevels.get(size) ??
        (above ? above.level + entry.depth - above.depth : (beside?.level ?? entry.depth + 1)),
    );
    levels.push({ depth: entry.depth, level });
    for (const line of best.lines) outlined.set(line, { level, entry });
  }
  return outlined;
}

/**
 * A PDF's pages (as layoutPdf writes them) as one text, and where each page starts in it. What a
 * page turn cuts goes on as one: a code block or a table (the next page's copy of its header
 * row left out) is not closed and opened again, and a sentence goes on where the page turned (a
 * word hyphenated there whole again). (A list goes on as it does on a page, its items a blank
 * line apart where they are set apart.)
 */
export function joinPages(pages: string[]): { text: string; pageStarts: number[] } {
  let text = '';
  const pageStarts: number[] = [];
  for (const page of pages) {
    let own = page;
    if (text && own) {
      const turn = pageTurn(text, own);
      text = turn.before + turn.separator;
      own = turn.after;
    } else if (text) text += '\n\n';
    pageStarts.push(text.length);
    text += own;
  }
  return { text, pageStarts };
}

const FENCE = '```';
/** A Markdown link's end, and its address. */
const LINK_END = /\]\(([^()\s]+)\)$/;
const PROSE = /^(?![#>|`]|[-*] |\d{1,3}[.)] )/;

/** How the text before a page turn and the page after it meet. */
function pageTurn(before: string, after: string): { before: string; separator: string; after: string } {
  const last = before.slice(before.lastIndexOf('\n\n') + 1).trimStart();
  const first = after.slice(0, after.indexOf('\n\n') < 0 ? after.length : after.indexOf('\n\n'));
  if (before.endsWith(`\n${FENCE}`) && after.startsWith(`${FENCE}\n`))
    return { before: before.slice(0, -FENCE.length - 1), separator: '\n', after: after.slice(FENCE.length + 1) };
  if (last.startsWith('|')) {
    const table = tableTurn(before, last, after);
    if (table) return table;
  }
  // (The page may open with a link's words, wrapped from the page before: the two halves stay
  // two links, so that the page's text starts where it did.)
  if (PROSE.test(last) && PROSE.test(first) && !ENDS_SENTENCE.test(last) && /^\[?\p{Ll}/u.test(first)) {
    if (LINK_END.test(before) && first.startsWith('[')) return { before, separator: ' ', after };
    const joined = joinWrapped(before, after);
    return joined.startsWith(`${before} `)
      ? { before, separator: ' ', after }
      : { before: joined.slice(0, joined.length - after.length), separator: '', after };
  }
  return { before, separator: '\n\n', after };
}

/**
 * A table that goes on over a page turn. A browser prints its header row again atop the next
 * page, where it is the next page's table's header, or, when the turn also cut a row (the rest
 * of its last cell opens the page, alone beside nothing), a line of its own: that line is left
 * out, the rest of the cell goes back in its row, and the rows go on.
 */
function tableTurn(
  before: string,
  table: string,
  after: string,
): { before: string; separator: string; after: string } | undefined {
  const [header = '', rule = ''] = table.split('\n');
  const words = (text: string) => text.replace(/[`|]/g, ' ').replace(/\s+/g, ' ').trim();
  const blocks = after.split('\n\n');
  let taken = 0;
  if (words(header) && words(blocks[0]!) === words(header) && !blocks[0]!.startsWith('|')) {
    taken = 1;
    const rest = blocks[1];
    const cell = /\| ([^|]*[^|\s.!?:;]) \|$/.exec(before);
    if (rest && cell && PROSE.test(rest) && !rest.includes('\n')) {
      before = `${joinWrapped(before.slice(0, -2), rest.replace(/\|/g, '\\|'))} |`;
      taken = 2;
    }
  }
  const next = blocks.slice(taken).join('\n\n');
  const [head = '', nextRule = ''] = next.split('\n');
  const columns = (rule: string) => (rule.match(/---/g) ?? []).length;
  if (next.startsWith('|') && columns(rule) === columns(nextRule) && (/^\|[\s|]*$/.test(head) || head === header))
    return { before, separator: '\n', after: next.slice(head.length + nextRule.length + 2) };
  return taken ? { before, separator: '\n\n', after: next } : undefined;
}

/**
 * A page's lines in reading order. A PDF draws its text in about the order it reads, but not
 * always: Chromium paints a block that has a layer of its own (a `<pre>` that scrolls) after the
 * rest of the page, so a page saved as PDF from a browser had its code blocks drawn at its end,
 * away from the text that introduces them. The lines are taken in pieces that run down one
 * column with nothing placed between their lines (a piece ends where the drawing goes back up,
 * moves to another column, or skips over placed lines); a piece over lines already placed
 * (their left-to-right spans meet) goes in before the first of them below its top, and a piece
 * beside them (the next column, a table's next cell) follows them.
 */
function readingOrder(lines: PdfLine[]): PdfLine[] {
  const meets = (a: { x: number; right: number }, b: { x: number; right: number }) => a.x < b.right && a.right > b.x;
  const placed: PdfLine[] = [];
  let piece: PdfLine[] = [];
  const place = () => {
    // Before the first placed line below the piece's top that a line of the piece at its height
    // or above meets: a row's name, centred beside its description, is not in the way.
    const at = placed.findIndex(
      (line) => line.y < piece[0]!.y && piece.some((own) => own.y >= line.y && meets(own, line)),
    );
    placed.splice(at < 0 ? placed.length : at, 0, ...piece);
    piece = [];
  };
  for (const line of lines) {
    const last = piece.at(-1);
    const up = last && line.y > last.y + 0.5 * Math.max(line.size, last.size);
    const apart = last && (line.x > last.right + 2 * line.size || line.right < last.x - 2 * line.size);
    if (last && (up || apart || placed.some((other) => other.y < last.y && other.y > line.y && meets(other, line))))
      place();
    piece.push(line);
  }
  if (piece.length) place();
  return placed;
}

interface Style {
  body: number;
  /** Distance between two baselines of one paragraph, per point of font size. */
  leading: number;
  /** How wide a full line of body text is. */
  measure: number;
  /** Where body text starts on the left. */
  left: number;
  /** Heading level by (rounded) size. */
  levels: Map<number, number>;
  /**
   * Heading level, by (rounded) size, of a short line standing alone that is a heading by its
   * look rather than its size, which is close to the body's: set in bold, or in a size only
   * such lines are set in (`plainSizes`).
   */
  minorLevels: Map<number, number>;
  /** Sizes a little larger than the body's in which every line is short and whole, as headings are. */
  plainSizes: Set<number>;
}

const round = (size: number) => Math.round(size * 2) / 2;
const lead = (style: Style, size: number) => style.leading * size;

function documentStyle(lines: PdfLine[]): Style {
  const chars = charsBySize(lines);
  // The body is the size most prose is set in: a manual can hold more code than prose.
  const prose = charsBySize(lines.filter((line) => !line.mono));
  const body = [...(prose.size ? prose : chars)].reduce((a, b) => (b[1] > a[1] ? b : a), [12, 0])[0];
  const isBody = (line: PdfLine) => round(line.size) === body && !line.mono && !line.tabular;
  const steps: number[] = [];
  lines.forEach((line, i) => {
    const next = lines[i + 1];
    const step = next && isBody(line) && isBody(next) ? line.y - next.y : 0;
    if (step > 0.8 * body && step < 2.5 * body) steps.push(step / body);
  });
  const widths = lines.filter(isBody).map((line) => line.right - line.x);
  // Headings are larger than the body and few: a size holding a quarter of the body's text is a
  // lead paragraph or a large print, not headings.
  const headingSizes = [...chars]
    .filter(([size, n]) => size > body * 1.12 && n < 0.25 * (chars.get(body) ?? 0))
    .map(([size]) => size);
  // Below those, a browser sets h4 in bold at the body's size and h5, h6 smaller, and a paper its
  // subsections in bold a little larger than the body: bold sizes too close to the body's to be
  // a heading's by size alone, whose text is rare next to the body's. Word sets its Heading 3 in
  // 12 points, not bold, over an 11-point body: a size a little larger than the body's that holds
  // nothing but short whole lines, rare next to the body, is a heading's too.
  const rare = (n: number) => n < 0.25 * (chars.get(body) ?? 0);
  const boldChars = charsBySize(lines.filter((line) => boldHeading(line) && round(line.size) <= body * 1.12));
  const near = Map.groupBy(
    lines.filter((line) => round(line.size) > body && round(line.size) <= body * 1.12),
    (line) => round(line.size),
  );
  const plainSizes = new Set(
    [...near].filter(([size, all]) => rare(chars.get(size)!) && all.every(plainHeading)).map(([size]) => size),
  );
  const minorSizes = new Set([...[...boldChars].filter(([, n]) => rare(n)).map(([size]) => size), ...plainSizes]);
  const sized = Math.min(headingSizes.length, 5);
  return {
    body,
    leading: quantile(steps, 0.5) ?? 1.2,
    measure: quantile(widths, 0.9) ?? 0,
    left:
      quantile(
        lines.filter(isBody).map((line) => line.x),
        0.1,
      ) ?? 0,
    levels: new Map(headingSizes.sort((a, b) => b - a).map((size, i) => [size, Math.min(i + 1, 6)])),
    minorLevels: new Map([...minorSizes].sort((a, b) => b - a).map((size, i) => [size, Math.min(sized + i + 1, 6)])),
    plainSizes,
  };
}

/** How many characters lines hold in each (rounded) size. */
function charsBySize(lines: PdfLine[]): Map<number, number> {
  const chars = new Map<number, number>();
  for (const line of lines) chars.set(round(line.size), (chars.get(round(line.size)) ?? 0) + line.text.length);
  return chars;
}

function quantile(values: number[], q: number): number | undefined {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** A page number alone: "7", "vii", "Page 7", "7 of 12", "- 7 -". */
const PAGE_NUMBER = /^(?:page\s+)?[-–—]?\s*(?:\d{1,4}|[ivxlc]{1,7})\s*[-–—]?(?:\s*(?:of|\/)\s*\d{1,4})?$/i;

/**
 * Lines in a page's top or bottom sixth, no larger than the body text and set apart from it by
 * more than a paragraph's gap, that are a page number alone, or that repeat with their digits
 * aside: on at least two pages and 40 % of them, or on two pages or more with the digits
 * changing ("Chapter 3: Utilities 6", "Chapter 3: Utilities 7").
 */
function runningHeads(pages: PdfPage[], lines: PdfLine[][], style: Style): Set<PdfLine> {
  const candidates = lines.map((page, n) =>
    page.filter((line) => {
      const height = pages[n]!.height;
      const margin = line.y > height * (5 / 6) || line.y < height / 6;
      const apart = page.every((other) => other === line || Math.abs(other.y - line.y) > 1.5 * lead(style, line.size));
      return margin && apart && line.size <= style.body * 1.05 && line.text.length <= 120;
    }),
  );
  const key = (line: PdfLine) => line.text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ');
  const seen = new Map<string, { pages: number; texts: Set<string> }>();
  for (const page of candidates) {
    for (const [k, texts] of Map.groupBy(page, key)) {
      const entry = seen.get(k) ?? { pages: 0, texts: new Set<string>() };
      for (const line of texts) entry.texts.add(line.text);
      seen.set(k, { pages: entry.pages + 1, texts: entry.texts });
    }
  }
  const repeated = (line: PdfLine) => {
    const entry = seen.get(key(line))!;
    return entry.pages >= 2 && (entry.pages >= Math.ceil(0.4 * pages.length) || entry.texts.size > 1);
  };
  return new Set(candidates.flat().filter((line) => repeated(line) || PAGE_NUMBER.test(line.text)));
}

/**
 * Lines drawn with the same words in the same place on half the pages or more, three at least,
 * beside the text that changes from page to page (left or right of it): what a browser prints
 * on every page (a fixed sidebar), which beside the paragraphs would read as a column of a table.
 */
function printedOnEveryPage(lines: PdfLine[][], style: Style): Set<PdfLine> {
  if (lines.length < 3) return new Set();
  const key = (line: PdfLine) => `${Math.round(line.x)} ${Math.round(line.y)} ${line.text}`;
  const pages = new Map<string, number>();
  for (const page of lines) for (const k of new Set(page.map(key))) pages.set(k, (pages.get(k) ?? 0) + 1);
  const least = Math.max(3, Math.ceil(0.5 * lines.length));
  const repeated = (line: PdfLine) => pages.get(key(line))! >= least;
  const changing = lines.flat().filter((line) => !repeated(line) && !line.mono && round(line.size) === style.body);
  const left = quantile(
    changing.map((line) => line.x),
    0.1,
  );
  const right = quantile(
    changing.map((line) => line.right),
    0.9,
  );
  if (left === undefined || right === undefined) return new Set();
  return new Set(lines.flat().filter((line) => repeated(line) && (line.right < left || line.x > right)));
}

/** The first page's largest line, and the lines in that size right after it, when it is set well above the body text. */
function openingTitle(page: PdfLine[], style: Style): string | undefined {
  const top = page.slice(0, 8);
  const largest = top.reduce<PdfLine | undefined>((a, b) => (!a || b.size > a.size ? b : a), undefined);
  if (!largest || largest.size < 1.25 * style.body) return undefined;
  const title = [largest];
  for (const line of page.slice(page.indexOf(largest) + 1)) {
    if (round(line.size) !== round(largest.size)) break;
    title.push(line);
  }
  const text = title.map((line) => line.text).join(' ');
  return text.length <= 200 ? text : undefined;
}

type Block = {
  kind: 'heading' | 'paragraph' | 'list' | 'code' | 'rows' | 'table';
  lines: PdfLine[];
  texts: string[];
  level?: number;
};

const BULLET = /^(?:[•●▪■◦○‣∙·]\s*|[-–—*]\s+)/;
const NUMBERED = /^\(?(?:\d{1,3}|[a-z])[.)]\s+/i;
const ENDS_SENTENCE = /[.!?:;]["'”’)\]]?$/;

/** One page's lines as Markdown blocks. */
function writePage(lines: PdfLine[], style: Style, outlined: Outlined, rules: PdfRule[]): string {
  // Lines beside another, within a line's height of it: the cells of a table's row (a cell
  // centred in its row sits between the lines of a taller one). A line starting a whole measure
  // or more to the right is in the page's next column (a paper's), not in a row.
  const inRow = new Set<PdfLine>();
  const byHeight = lines.toSorted((a, b) => a.y - b.y);
  byHeight.forEach((line, i) => {
    for (let j = i + 1; j < byHeight.length && byHeight[j]!.y - line.y < line.size; j++) {
      const other = byHeight[j]!;
      if ((other.x > line.right || other.right < line.x) && Math.abs(other.x - line.x) < style.measure)
        inRow.add(line).add(other);
    }
  });
  const kinds = new Map(
    lines.map((line) => [line, outlined.has(line) ? 'heading' : lineKind(line, style, inRow.has(line))]),
  );
  // Code in bold is a heading's only on a line of its own: lines of code around it are a code
  // block set in bold (an old page's `<pre><b>`).
  lines.forEach((line, i) => {
    const code = (other: PdfLine | undefined) =>
      !!other?.mono && Math.abs(other.y - line.y) < 2 * lead(style, line.size);
    if (
      kinds.get(line) === 'heading' &&
      line.mono &&
      !outlined.has(line) &&
      !style.levels.has(round(line.size)) &&
      (code(lines[i - 1]) || code(lines[i + 1]))
    )
      kinds.set(line, 'code');
  });
  const kindOf = (line: PdfLine) => kinds.get(line)!;
  const tables = findTables(lines, {
    outside: (line) => ['heading', 'list'].includes(kindOf(line)),
    lead: (size) => lead(style, size),
    join: joinWrapped,
    measure: style.measure,
    body: style.body,
    rules,
  });
  // A table is written where its first line is read; its other lines are in it.
  const tableAt = new Map(tables.map((table) => [lines.find((line) => table.lines.has(line))!, table]));
  const inTable = new Set(tables.flatMap((table) => [...table.lines]));
  const blocks: Block[] = [];
  lines.forEach((line, i) => {
    const prev = lines[i - 1];
    const block = blocks.at(-1);
    if (inTable.has(line)) {
      const table = tableAt.get(line);
      if (table) blocks.push({ kind: 'table', lines: [line], texts: [tableMarkdown(table)] });
      return;
    }
    let kind = kindOf(line);
    // (A heading keeps a link's words alone: they name its section in every passage's context. Code as well.)
    const written = line.linked ?? line.text;
    let text =
      kind === 'list' ? listItem(written) : kind === 'heading' ? (line.mono ? asCode(line.text) : line.text) : written;
    // A path set alone on a line, or a line opening "A. Smith", in the middle of a sentence.
    if (
      block?.kind === 'paragraph' &&
      prev &&
      (kind === 'code' || (kind === 'list' && !BULLET.test(line.text))) &&
      midSentence(prev, line, style)
    ) {
      text = kind === 'code' ? (line.linked ?? asCode(line.text)) : written;
      kind = 'paragraph';
    }
    // (Two headings the outline names are two, however close.)
    const sameEntry = !prev || outlined.get(line)?.entry === outlined.get(prev)?.entry;
    if (!prev || !block || !sameEntry || !continues(block, prev, line, kind, style)) {
      blocks.push({ kind, lines: [line], texts: [text], level: outlined.get(line)?.level });
      return;
    }
    block.lines.push(line);
    if (block.kind === 'list' && kind === 'list') block.texts.push(text);
    else if (block.kind === 'code' || block.kind === 'rows') block.texts.push(text);
    else block.texts[block.texts.length - 1] = joinWrapped(block.texts.at(-1)!, text, prev.breaksAddress);
  });
  return blocks.map((block) => writeBlock(block, style)).join('\n\n');
}

/** `line` follows `prev` as the next line of one sentence: no gap, same size, no full stop. */
function midSentence(prev: PdfLine, line: PdfLine, style: Style): boolean {
  const step = prev.y - line.y;
  return (
    step > 0 &&
    step < 1.4 * lead(style, line.size) &&
    round(line.size) === round(prev.size) &&
    !ENDS_SENTENCE.test(prev.text)
  );
}

/** A line that may be a heading set in bold: short, whole, and not a sentence's end. */
const boldHeading = (line: PdfLine) =>
  line.bold && !line.tabular && line.text.length <= 80 && !/[.!?;,]$/.test(line.text);
/** A line that may be a heading by its size alone, a little larger than the body: short, whole, in words. */
const plainHeading = (line: PdfLine) =>
  !line.mono && !line.tabular && line.text.length <= 80 && !/[.!?;,:]$/.test(line.text) && /\p{L}/u.test(line.text);

function lineKind(line: PdfLine, style: Style, inRow: boolean): Block['kind'] {
  const size = round(line.size);
  if (style.levels.has(size) && line.text.length <= 200 && !line.tabular) return 'heading';
  if (
    style.minorLevels.has(size) &&
    (boldHeading(line) || (style.plainSizes.has(size) && plainHeading(line))) &&
    !inRow &&
    line.right - line.x < 0.8 * style.measure &&
    !BULLET.test(line.text)
  )
    return 'heading';
  if (line.mono) return 'code';
  if (BULLET.test(line.text) || NUMBERED.test(line.text)) return 'list';
  return line.tabular ? 'rows' : 'paragraph';
}

/** Whether `line` goes on with `block`, whose last line is `prev`. */
function continues(block: Block, prev: PdfLine, line: PdfLine, kind: Block['kind'], style: Style): boolean {
  const step = prev.y - line.y;
  const gap = step - lead(style, line.size);
  const flowing = step > 0 && step < 3 * lead(style, line.size);
  if (block.kind === 'table') return false;
  // (Code in a heading is set smaller than its words, and may be all a wrapped line holds.)
  if (block.kind === 'heading')
    return (
      kind === 'heading' && (round(line.size) === round(prev.size) || line.mono) && flowing && gap < 0.6 * line.size
    );
  if (kind === 'heading') return false;
  if (block.kind === 'code') return kind === 'code' && flowing;
  if (block.kind === 'rows') return kind === 'rows' && flowing && gap < 0.5 * line.size;
  if (kind === 'code' || kind === 'rows' || round(line.size) !== round(prev.size)) return false;
  // A column or page turns: the paragraph goes on unless its sentence ended.
  if (!flowing) return !ENDS_SENTENCE.test(prev.text) && kind !== 'list';
  if (gap > 0.35 * lead(style, line.size)) return false;
  if (block.kind === 'list') return kind === 'list' || line.x > block.lines[0]!.x + 0.5 * line.size;
  if (kind === 'list') return false;
  // A sentence ends a paragraph when its line stops short of the measure, or the next line is
  // indented; a short line alone without a full stop is a heading set in the body's size, or a label.
  // Text set in a narrow column well right of the body's margin (a table's cell, beside its
  // row's name) is measured by that column, which its lines fill.
  const width = prev.right - prev.x;
  const inset = (l: PdfLine) => l.x > style.left + 0.25 * style.measure;
  const measure =
    inset(prev) && inset(line)
      ? Math.max(line.right - line.x, ...block.lines.map((l) => l.right - l.x))
      : style.measure;
  if (
    block.lines.length === 1 &&
    width < 0.5 * measure &&
    !/[\p{P}]$/u.test(prev.text) &&
    !pushedOn(prev, line, measure)
  )
    return false;
  const indented = line.x > prev.x + 0.8 * line.size;
  return !(ENDS_SENTENCE.test(prev.text) && (width < 0.75 * measure || indented));
}

/**
 * Whether `prev` stops short only because the first word of `line` (a long address printed
 * whole) would not have fit after it within `measure`: the sentence goes on.
 */
function pushedOn(prev: PdfLine, line: PdfLine, measure: number): boolean {
  const charWidth = (line.right - line.x) / Math.max(1, line.text.length);
  const word = /^\S*/.exec(line.text)![0].length;
  return prev.right - prev.x + (word + 1) * charWidth > measure;
}

/**
 * Whether a hyphen at a line's end belongs to the words it joins: a compound broken where it
 * was hyphenated anyway ("case-" "insensitive"; a browser breaks lines only there) rather than
 * a word the typesetter split ("configu-" "ration"). It is kept when both halves are English
 * words and, written whole, they are not one. A soft hyphen is always the typesetter's.
 */
function keepsHyphen(text: string, next: string): boolean {
  const head = /(\p{L}+)-$/u.exec(text)?.[1];
  const tail = /^\p{L}+/u.exec(next)?.[0];
  return !!head && !!tail && englishCount(head + tail) === 0 && englishCount(head) > 0 && englishCount(tail) > 0;
}

/**
 * A line that wraps onto the next: a word split by a hyphen at its end, or code, is whole again;
 * CJK takes no space. A link whose words wrap has a box on each line: its halves are one link
 * again. `breaksAddress`: the line ends inside a web address printed on (see attachLinks), whose
 * halves are one address again, as printed (a code span's halves one span).
 */
function joinWrapped(text: string, next: string, breaksAddress = false): string {
  if (breaksAddress) return joinAddress(text, next);
  const end = LINK_END.exec(text);
  const half = end && /^\[((?:\\.|`[^`]*`|[^\\\]`])*)\]\(([^()\s]+)\)/.exec(next);
  if (end && half && half[2] === end[1])
    return joinWrapped(text.slice(0, end.index), half[1]!) + next.slice(half[1]!.length + 1);
  if (/\p{Ll}[-\u00AD]$/u.test(text) && /^\p{Ll}/u.test(next))
    return text.slice(0, -1) + (keepsHyphen(text, next) ? '-' : '') + next;
  // Code broken over two lines is one span: broken at a space (as a browser breaks it), or after
  // a hyphen, an underscore, a slash or a dot (as TeX breaks a name or a path), which stays.
  if (/[^`\s]`$/.test(text) && /^`[^`\s]/.test(next))
    return text.slice(0, -1) + (/[-_/.:]`$/.test(text) ? '' : ' ') + next.slice(1);
  if (
    /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]$/u.test(text) &&
    /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(next)
  )
    return text + next;
  return `${text} ${next}`;
}

/**
 * The two halves of a web address printed over two lines as one word again; a code span (a half
 * holding `_` or `*`, or set in a monospaced font) spans the whole address, the punctuation
 * around it left outside.
 */
function joinAddress(text: string, next: string): string {
  const head = /\S*$/.exec(text)![0];
  const tail = /^\S*/.exec(next)![0];
  if (!head.includes('`') && !tail.includes('`')) return text + next;
  const [, before, address, after] = /^(["'‘“(\[]*)(.*?)([,;:.!?)\]"'’”]*)$/.exec((head + tail).replaceAll('`', ''))!;
  return `${text.slice(0, text.length - head.length)}${before}\`${address}\`${after}${next.slice(tail.length)}`;
}

function listItem(text: string): string {
  return text.replace(BULLET, '- ');
}

function writeBlock(block: Block, style: Style): string {
  switch (block.kind) {
    case 'heading': {
      // (A heading's permalink, `¶`, is printed after it.)
      const text = block.texts.join(' ').replace(/\s*¶$/, '');
      const size = round(block.lines[0]!.size);
      return text.length > 200
        ? text
        : `${'#'.repeat(block.level ?? style.levels.get(size) ?? style.minorLevels.get(size) ?? 6)} ${text}`;
    }
    case 'code':
      return ['```', ...codeLines(block.lines), '```'].join('\n');
    default:
      return block.texts.join('\n');
  }
}

/** A table as Markdown: its first row the header when set in bold, else the header is blank. */
function tableMarkdown({ rows, header }: PdfTable): string {
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`.replace(/ {2}\|/g, ' |');
  const blank = rows[0]!.map(() => '');
  return [
    row(header ? rows[0]! : blank),
    row(blank.map(() => '---')),
    ...(header ? rows.slice(1) : rows).map(row),
  ].join('\n');
}

/** Code lines keep their indentation, measured in the width of their own characters. */
function codeLines(lines: PdfLine[]): string[] {
  const left = Math.min(...lines.map((line) => line.x));
  return lines.map((line) => {
    const charWidth = (line.right - line.x) / Math.max(1, line.text.length);
    return ' '.repeat(Math.max(0, Math.round((line.x - left) / (charWidth || line.size * 0.6)))) + line.text;
  });
}
