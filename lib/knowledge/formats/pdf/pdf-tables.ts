import { asCode, type PdfLine } from './pdf-lines';

/** A table found on a page: the lines it is drawn with, and its rows of cells as Markdown. */
export interface PdfTable {
  lines: Set<PdfLine>;
  rows: string[][];
  /** Its first row is set in bold: the header. */
  header: boolean;
}

/** A left-to-right stretch of a page. */
interface Span {
  x: number;
  right: number;
}

/** Text one line holds in one column: a whole line, or one of its cells. */
interface Fragment extends Span {
  line: PdfLine;
  text: string;
  /** Its Markdown with its links, where it has any. */
  linked?: string;
  mono: boolean;
}

/** A table's cell: fragments stacked in one column, a line's distance apart. */
interface Cell extends Span {
  fragments: Fragment[];
  /** The baselines of its first and last lines. */
  top: number;
  bottom: number;
}

export interface TableStyle {
  /** Lines that are no part of a table, and end one: headings, list items. */
  outside: (line: PdfLine) => boolean;
  /** The distance between two lines of a paragraph set in a size. */
  lead: (size: number) => number;
  /** Joins a line that wraps onto the next. */
  join: (text: string, next: string) => string;
  /** How wide a full line of body text is. */
  measure: number;
  /** The body text's size. */
  body: number;
  /** The thin horizontal lines the page draws: a table's rules. */
  rules: PdfRule[];
}

/** A thin horizontal line a page draws: its left and right ends and its height, in points from the lower left corner. */
export interface PdfRule {
  x: number;
  right: number;
  y: number;
}

/**
 * The tables among a page's lines. A PDF draws a table as text set in columns, and nothing marks
 * a row. A cell is the text stacked in one column a line's distance apart (rows are further
 * apart, by their padding; a line holding several cells opens a row). A row is the cells beside
 * each other that share some height (a browser centres a short cell beside a tall one) and line
 * up by their tops, middles or bottoms, as text that only stands beside other text does not. A
 * table is two rows or more in a row whose cells fall into two columns or more, some of it prose
 * (aligned code is not a table) and at most one of them as wide as the body text (two such are
 * a page set in columns).
 */
export function findTables(lines: PdfLine[], style: TableStyle): PdfTable[] {
  const fragments = lines
    .flatMap(
      (line): Fragment[] =>
        line.cells?.map((cell) => ({ line, ...cell })) ?? [
          { line, text: line.text, linked: line.linked, mono: line.mono, x: line.x, right: line.right },
        ],
    )
    .sort((a, b) => b.line.y - a.line.y || a.x - b.x);
  const cells: Cell[] = [];
  let open: Cell[] = []; // cells the next lines may go on: those not far above them
  for (const fragment of fragments) {
    const { line } = fragment;
    open = open.filter((cell) => cell.bottom - line.y <= 3 * style.lead(cell.fragments.at(-1)!.line.size));
    // A line holding several cells opens a row, unless the cell above began on a line of its
    // own: the tall cell of a row whose short cells are centred beside its middle line.
    const above = style.outside(line)
      ? undefined
      : open.find((cell) => {
          const last = cell.fragments.at(-1)!.line;
          const step = last.y - line.y;
          const opensRow = !!line.cells && !!cell.fragments[0]!.line.cells;
          // (Code is set smaller than the text around it, on the text's lines.)
          const size = Math.max(line.size, last.size, line.mono || last.mono ? style.body : 0);
          const near = step > 0 && step <= 1.15 * style.lead(size);
          return !opensRow && !style.outside(last) && near && fragment.x < cell.right && fragment.right > cell.x;
        });
    if (above) {
      above.fragments.push(fragment);
      above.x = Math.min(above.x, fragment.x);
      above.right = Math.max(above.right, fragment.right);
      above.bottom = line.y;
    } else {
      const cell = { fragments: [fragment], x: fragment.x, right: fragment.right, top: line.y, bottom: line.y };
      cells.push(cell);
      open.push(cell);
    }
  }
  return tablesOf(rowsOf(cells), style);
}

/** Cells that share some height, from the top of the page down; each row's cells left to right. */
function rowsOf(cells: Cell[]): Cell[][] {
  const span = (cell: Cell) => {
    const size = cell.fragments[0]!.line.size;
    return { high: cell.top + 0.8 * size, low: cell.bottom - 0.2 * size };
  };
  const rows: { high: number; low: number; cells: Cell[] }[] = [];
  for (const cell of cells.toSorted((a, b) => b.top - a.top)) {
    const { high, low } = span(cell);
    const row = rows.find((r) => Math.min(r.high, high) - Math.max(r.low, low) > 0);
    if (row) {
      row.cells.push(cell);
      row.high = Math.max(row.high, high);
      row.low = Math.min(row.low, low);
    } else rows.push({ high, low, cells: [cell] });
  }
  return rows.sort((a, b) => b.high - a.high).map((row) => row.cells.sort((a, b) => a.x - b.x));
}

/** Runs of two rows or more, each of several cells and none outside a table, whose cells fall into shared columns. */
function tablesOf(rows: Cell[][], style: TableStyle): PdfTable[] {
  const tables: PdfTable[] = [];
  let run: Cell[][] = [];
  const close = () => {
    const table = run.length >= 2 ? toTable(run, style) : undefined;
    if (table) tables.push(table);
    run = [];
  };
  for (const row of rows) {
    if (row.length < 2 || !aligned(row, style) || row.some((cell) => style.outside(cell.fragments[0]!.line))) close();
    else {
      if (run.length && !columnsOf([...run, row])) close();
      run.push(row);
    }
  }
  close();
  return tables;
}

/**
 * Whether a row's cells line up as a table's do: by their first lines, their middles or their
 * last lines. Text that only happens to stand beside other text (a sidebar printed beside the
 * page's paragraphs) does not.
 */
function aligned(row: Cell[], style: TableStyle): boolean {
  const size = Math.max(...row.map((cell) => cell.fragments[0]!.line.size));
  const near = (at: (cell: Cell) => number, by: number) => Math.max(...row.map(at)) - Math.min(...row.map(at)) <= by;
  return (
    near((cell) => cell.top, 0.6 * size) ||
    near((cell) => cell.bottom, 0.6 * size) ||
    near((cell) => (cell.top + cell.bottom) / 2, 0.6 * style.lead(size))
  );
}

/** The columns of rows, split by the gutters no cell crosses: undefined when there are fewer than two. */
function columnsOf(rows: Cell[][]): Span[] | undefined {
  const columns: Span[] = [];
  for (const cell of rows.flat().sort((a, b) => a.x - b.x)) {
    const last = columns.at(-1);
    if (last && cell.x < last.right) last.right = Math.max(last.right, cell.right);
    else columns.push({ x: cell.x, right: cell.right });
  }
  return columns.length >= 2 ? columns : undefined;
}

function toTable(rows: Cell[][], style: TableStyle): PdfTable | undefined {
  const columns = columnsOf(rows);
  const cells = rows.flat();
  if (!columns || cells.every((cell) => cell.fragments.every((f) => f.mono))) return undefined;
  const within = (column: Span) => (cell: Cell) => cell.x >= column.x && cell.x < column.right;
  const full = columns.filter((column) =>
    cells.filter(within(column)).some((cell) => cell.right - cell.x >= 0.8 * style.measure),
  );
  if (full.length > 1) return undefined;
  // Two cells of a row in one column are one: a cell whose line met another cell's on one baseline.
  const markdown = (row: Cell[], column: Span) => {
    const fragments = row.filter(within(column)).flatMap((cell) => cell.fragments);
    const texts = fragments
      .sort((a, b) => b.line.y - a.line.y)
      .map((f) => f.linked ?? (f.mono ? asCode(f.text) : f.text));
    return (texts.length ? texts.reduce((text, next) => style.join(text, next)) : '').replace(/\|/g, '\\|');
  };
  return {
    lines: new Set(cells.flatMap((cell) => cell.fragments.map((f) => f.line))),
    rows: rows.map((row) => columns.map((column) => markdown(row, column))),
    header: rows[0]!.every((cell) => cell.fragments.every((f) => f.line.bold)) || ruledHeader(rows, style.rules),
  };
}

/**
 * Whether a rule across the table sets its first row apart, and none the rows below it from
 * each other: a header row as LaTeX's booktabs (and pandoc's LaTeX) draws it, not in bold, over
 * a `\midrule`. (Rules between every row are a grid, which says nothing of a header.)
 */
function ruledHeader(rows: Cell[][], rules: PdfRule[]): boolean {
  const left = Math.min(...rows.flat().map((cell) => cell.x));
  const right = Math.max(...rows.flat().map((cell) => cell.right));
  const size = rows[0]![0]!.fragments[0]!.line.size;
  // A rule between two rows: below the last baseline of the one (further than its words'
  // underlines) and above the first of the other, across most of the table.
  const ruled = (above: Cell[], below: Cell[]) => {
    const low = Math.min(...above.map((cell) => cell.bottom)) - 0.3 * size;
    const high = Math.max(...below.map((cell) => cell.top)) + 0.5 * size;
    const across = rules
      .filter((rule) => rule.y < low && rule.y > high)
      .map((rule) => ({ x: Math.max(left, rule.x), right: Math.min(right, rule.right) }));
    let covered = 0;
    let end = left;
    for (const span of across.sort((a, b) => a.x - b.x)) {
      covered += Math.max(0, span.right - Math.max(span.x, end));
      end = Math.max(end, span.right);
    }
    return covered >= 0.8 * (right - left);
  };
  return ruled(rows[0]!, rows[1]!) && !rows.slice(1, -1).some((row, i) => ruled(row, rows[i + 2]!));
}
