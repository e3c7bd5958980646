import type { PdfLink } from './pdf-links';
import type { PdfMark } from './pdf-lines';
import type { PdfRule } from './pdf-tables';

/** A page's drawing as PDF.js lists it: operator codes and their arguments. */
export interface OperatorList {
  fnArray: number[];
  argsArray: unknown[][];
}

/** A box a link covers, in page coordinates (from the page's bottom). */
export type LinkBox = Omit<PdfLink, 'text'>;

type Matrix = number[];
interface TextState {
  font: string;
  size: number;
  charSpacing: number;
  wordSpacing: number;
  scale: number;
  leading: number;
}
interface Glyph {
  width?: number;
  unicode?: string;
  isSpace?: boolean;
}

const times = (m: Matrix, n: Matrix): Matrix => [
  m[0]! * n[0]! + m[2]! * n[1]!,
  m[1]! * n[0]! + m[3]! * n[1]!,
  m[0]! * n[2]! + m[2]! * n[3]!,
  m[1]! * n[2]! + m[3]! * n[3]!,
  m[0]! * n[4]! + m[2]! * n[5]! + m[4]!,
  m[1]! * n[4]! + m[3]! * n[5]! + m[5]!,
];
const point = (m: Matrix, px: number, py: number) => [m[0]! * px + m[2]! * py + m[4]!, m[1]! * px + m[3]! * py + m[5]!];

/**
 * What the drawing shows beyond the text PDF.js reads, in page coordinates. A list's bullets:
 * when a browser prints a page, they are drawn shapes rather than text (the small filled or
 * outlined dots and squares it paints). The thin horizontal lines, a table's rules (the page's
 * first 2,000). The short thin ones (TeX draws the underscore of its roman fonts as a bar, not a
 * glyph; the page's first 5,000). And the words drawn inside each link's box: the text state is
 * followed as a viewer does to place each glyph, and a glyph whose middle lies in a box, on a
 * baseline inside it, is one of that link's. (PDF.js's own overlaidText leaves out a letter that
 * sticks out of the box: "Gitte" of "Gitter", "1.21." of "1.21.0".)
 */
export function readDrawing(
  ops: OperatorList,
  OPS: Record<string, number>,
  bottom: number,
  boxes: LinkBox[],
  fontMatrix: (font: string) => number,
): { marks: PdfMark[]; rules: PdfRule[]; bars: PdfRule[]; words: string[] } {
  const marks: PdfMark[] = [];
  const rules: PdfRule[] = [];
  const bars: PdfRule[] = [];
  const words = boxes.map(() => '');
  const stack: { ctm: Matrix; state: TextState }[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  // The text state is kept and restored with the graphics state; the text matrix is not.
  let state: TextState = { font: '', size: 0, charSpacing: 0, wordSpacing: 0, scale: 1, leading: 0 };
  let tm: Matrix = [1, 0, 0, 1, 0, 0];
  let [x, y, lineX, lineY] = [0, 0, 0, 0];
  const moveTo = (dx: number, dy: number) => {
    x = lineX += dx;
    y = lineY += dy;
  };
  const painted = new Set(
    [
      'stroke',
      'closeStroke',
      'fill',
      'eoFill',
      'fillStroke',
      'eoFillStroke',
      'closeFillStroke',
      'closeEOFillStroke',
    ].map((name) => OPS[name]),
  );
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i]!;
    const n = (k: number) => args[k] as number;
    if (fn === OPS.save) stack.push({ ctm, state: { ...state } });
    else if (fn === OPS.restore) ({ ctm, state } = stack.pop() ?? { ctm, state });
    else if (fn === OPS.transform) ctm = times(ctm, args as number[]);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push({ ctm, state: { ...state } });
      if (Array.isArray(args[0]) || ArrayBuffer.isView(args[0])) ctm = times(ctm, Array.from(args[0] as Matrix));
    } else if (fn === OPS.paintFormXObjectEnd) ({ ctm, state } = stack.pop() ?? { ctm, state });
    else if (fn === OPS.constructPath && painted.has(n(0)) && args[2]) {
      const [x0, y0, x1, y1] = args[2] as number[];
      const corners = [point(ctm, x0!, y0!), point(ctm, x1!, y0!), point(ctm, x0!, y1!), point(ctm, x1!, y1!)];
      const xs = corners.map(([px]) => px!);
      const ys = corners.map(([, py]) => py!);
      const [left, low] = [Math.min(...xs), Math.min(...ys)];
      const [width, height] = [Math.max(...xs) - left, Math.max(...ys) - low];
      if (width >= 1 && height >= 1 && width <= 16 && height <= 16 && width < 1.6 * height && height < 1.6 * width) {
        marks.push({ x: left, y: low - bottom, width, height });
      } else if (width >= 20 && height <= 2 && rules.length < 2000)
        rules.push({ x: left, right: left + width, y: low + height / 2 - bottom });
      else if (width >= 1 && width < 20 && height < 1 && bars.length < 5000)
        bars.push({ x: left, right: left + width, y: low + height / 2 - bottom });
    } else if (!boxes.length) continue;
    else if (fn === OPS.beginText) {
      tm = [1, 0, 0, 1, 0, 0];
      x = y = lineX = lineY = 0;
    } else if (fn === OPS.setTextMatrix) {
      tm = Array.from((args.length === 1 ? args[0] : args) as Matrix);
      x = y = lineX = lineY = 0;
    } else if (fn === OPS.moveText) moveTo(n(0), n(1));
    else if (fn === OPS.setLeadingMoveText) {
      state.leading = n(1);
      moveTo(n(0), n(1));
    } else if (fn === OPS.setLeading) state.leading = -n(0);
    else if (fn === OPS.nextLine) moveTo(0, state.leading);
    else if (fn === OPS.setFont) [state.font, state.size] = [args[0] as string, n(1)];
    else if (fn === OPS.setCharSpacing) state.charSpacing = n(0);
    else if (fn === OPS.setWordSpacing) state.wordSpacing = n(0);
    else if (fn === OPS.setHScale) state.scale = n(0) / 100;
    else if (fn === OPS.showText) {
      const m = times(ctm, tm);
      const em = state.size * fontMatrix(state.font);
      for (const glyph of args[0] as (number | Glyph)[]) {
        if (typeof glyph === 'number') {
          x -= (glyph * state.size * state.scale) / 1000;
          continue;
        }
        const advance =
          ((glyph.width || 0) * em + state.charSpacing + (glyph.isSpace ? state.wordSpacing : 0)) * state.scale;
        const [x0, y0] = point(m, x, y);
        const [x1] = point(m, x + advance, y);
        const [middle, base] = [(x0! + x1!) / 2, y0! - bottom];
        boxes.forEach((box, k) => {
          if (middle >= box.x && middle <= box.right && base >= box.y - 1 && base <= box.top)
            words[k] += glyph.unicode || '';
        });
        x += advance;
      }
    }
  }
  return { marks, rules, bars, words };
}

interface Annotation {
  subtype?: string;
  url?: unknown;
  rect: number[];
  quadPoints?: ArrayLike<number> | null;
}

/**
 * Each box a link to a web or mail address covers (one a line, where its words wrap), in page
 * coordinates. Every glyph is tested against every box: a page's first 1,000 are read (a page of
 * a real document has a few dozen; a file made to have millions must not hold the thread).
 */
export function linkBoxes(annotations: Annotation[], bottom: number): LinkBox[] {
  const boxes: LinkBox[] = [];
  for (const a of annotations) {
    if (a.subtype !== 'Link' || typeof a.url !== 'string' || !/^(?:https?|mailto):/i.test(a.url)) continue;
    const q = a.quadPoints && a.quadPoints.length >= 8 ? Array.from(a.quadPoints) : null;
    const rects = q ? [] : [a.rect];
    for (let i = 0; q && i + 8 <= q.length; i += 8) {
      const [xs, ys] = [
        [q[i]!, q[i + 2]!, q[i + 4]!, q[i + 6]!],
        [q[i + 1]!, q[i + 3]!, q[i + 5]!, q[i + 7]!],
      ];
      rects.push([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]);
    }
    for (const [x1, y1, x2, y2] of rects as [number, number, number, number][])
      boxes.push({
        url: a.url,
        x: Math.min(x1, x2),
        y: Math.min(y1, y2) - bottom,
        right: Math.max(x1, x2),
        top: Math.max(y1, y2) - bottom,
      });
  }
  return boxes.slice(0, 1000);
}
