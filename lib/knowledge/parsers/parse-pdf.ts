import 'server-only';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { config } from '@/lib/config';
import { packagePath } from '@/lib/package-path';
import { ExtractionError, type ExtractedDocument } from './extracted-document';
import { measurePdfStreams } from './measure-pdf-streams';
import { joinPages, layoutPdf, type PdfOutlineEntry, type PdfPage } from './pdf-layout';

// Runs in a worker thread: PDF.js is synchronous CPU work that would stall every
// other request on the event loop, and a hostile file must be killable.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// What the drawing shows beyond the text PDF.js reads, in page coordinates. A list's bullets:
// when a browser prints a page, they are drawn shapes rather than text (the small filled or
// outlined dots and squares it paints). The thin horizontal lines, a table's rules (the
// page's first 2,000). The short thin ones (TeX draws the underscore of its roman fonts as a
// bar, not a glyph; the page's first 5,000). And the words drawn inside each link's box: the text
// state is followed as a viewer does to place each glyph, and a glyph whose middle lies in a
// box, on a baseline inside it, is one of that link's. (PDF.js's own overlaidText leaves out
// a letter that sticks out of the box: "Gitte" of "Gitter", "1.21." of "1.21.0".)
function readDrawing(ops, OPS, bottom, boxes, fontMatrix) {
  const marks = [];
  const rules = [];
  const bars = [];
  const words = boxes.map(() => '');
  const stack = [];
  let ctm = [1, 0, 0, 1, 0, 0];
  // The text state is kept and restored with the graphics state; the text matrix is not.
  let state = { font: '', size: 0, charSpacing: 0, wordSpacing: 0, scale: 1, leading: 0 };
  let tm = [1, 0, 0, 1, 0, 0], x = 0, y = 0, lineX = 0, lineY = 0;
  const times = (m, n) => [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1], m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3], m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]];
  const point = (m, px, py) => [m[0] * px + m[2] * py + m[4], m[1] * px + m[3] * py + m[5]];
  const moveTo = (dx, dy) => { x = lineX += dx; y = lineY += dy; };
  const painted = new Set([OPS.stroke, OPS.closeStroke, OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i];
    if (fn === OPS.save) stack.push({ ctm, state: { ...state } });
    else if (fn === OPS.restore) ({ ctm, state } = stack.pop() || { ctm, state });
    else if (fn === OPS.transform) ctm = times(ctm, args);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push({ ctm, state: { ...state } });
      if (Array.isArray(args[0]) || ArrayBuffer.isView(args[0])) ctm = times(ctm, args[0]);
    } else if (fn === OPS.paintFormXObjectEnd) ({ ctm, state } = stack.pop() || { ctm, state });
    else if (fn === OPS.constructPath && painted.has(args[0]) && args[2]) {
      const [x0, y0, x1, y1] = args[2];
      const xs = [], ys = [];
      for (const [px, py] of [[x0, y0], [x1, y0], [x0, y1], [x1, y1]]) {
        const [ux, uy] = point(ctm, px, py);
        xs.push(ux);
        ys.push(uy);
      }
      const left = Math.min(...xs), low = Math.min(...ys);
      const width = Math.max(...xs) - left, height = Math.max(...ys) - low;
      if (width >= 1 && height >= 1 && width <= 16 && height <= 16 && width < 1.6 * height && height < 1.6 * width) {
        marks.push({ x: left, y: low - bottom, width, height });
      } else if (width >= 20 && height <= 2 && rules.length < 2000) rules.push({ x: left, right: left + width, y: low + height / 2 - bottom });
      else if (width >= 1 && width < 20 && height < 1 && bars.length < 5000) bars.push({ x: left, right: left + width, y: low + height / 2 - bottom });
    } else if (!boxes.length) continue;
    else if (fn === OPS.beginText) { tm = [1, 0, 0, 1, 0, 0]; x = y = lineX = lineY = 0; }
    else if (fn === OPS.setTextMatrix) { tm = Array.from(args.length === 1 ? args[0] : args); x = y = lineX = lineY = 0; }
    else if (fn === OPS.moveText) moveTo(args[0], args[1]);
    else if (fn === OPS.setLeadingMoveText) { state.leading = args[1]; moveTo(args[0], args[1]); }
    else if (fn === OPS.setLeading) state.leading = -args[0];
    else if (fn === OPS.nextLine) moveTo(0, state.leading);
    else if (fn === OPS.setFont) { state.font = args[0]; state.size = args[1]; }
    else if (fn === OPS.setCharSpacing) state.charSpacing = args[0];
    else if (fn === OPS.setWordSpacing) state.wordSpacing = args[0];
    else if (fn === OPS.setHScale) state.scale = args[0] / 100;
    else if (fn === OPS.showText) {
      const m = times(ctm, tm);
      const em = state.size * fontMatrix(state.font);
      for (const glyph of args[0]) {
        if (typeof glyph === 'number') { x -= (glyph * state.size * state.scale) / 1000; continue; }
        const advance = ((glyph.width || 0) * em + state.charSpacing + (glyph.isSpace ? state.wordSpacing : 0)) * state.scale;
        const [x0, y0] = point(m, x, y), [x1] = point(m, x + advance, y);
        const middle = (x0 + x1) / 2, base = y0 - bottom;
        boxes.forEach((box, n) => {
          if (middle >= box.x && middle <= box.right && base >= box.y - 1 && base <= box.top) words[n] += glyph.unicode || '';
        });
        x += advance;
      }
    }
  }
  return { marks, rules, bars, words };
}
// Each box a link to a web or mail address covers (one a line, where its words wrap), in page coordinates.
// Every glyph is tested against every box: a page's first 1,000 are read (a page of a real
// document has a few dozen; a file made to have millions must not hold the thread).
function linkBoxes(annotations, bottom) {
  const boxes = [];
  for (const a of annotations) {
    if (a.subtype !== 'Link' || typeof a.url !== 'string' || !/^(?:https?|mailto):/i.test(a.url)) continue;
    const q = a.quadPoints && a.quadPoints.length >= 8 ? Array.from(a.quadPoints) : null;
    const rects = q ? [] : [a.rect];
    for (let i = 0; q && i + 8 <= q.length; i += 8) {
      const xs = [q[i], q[i + 2], q[i + 4], q[i + 6]], ys = [q[i + 1], q[i + 3], q[i + 5], q[i + 7]];
      rects.push([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]);
    }
    for (const [x1, y1, x2, y2] of rects) boxes.push({ url: a.url, x: Math.min(x1, x2), y: Math.min(y1, y2) - bottom, right: Math.max(x1, x2), top: Math.max(y1, y2) - bottom });
  }
  return boxes.slice(0, 1000);
}
// The document's outline (its bookmarks), which Word, LibreOffice and LaTeX write from the
// headings: each entry's title, depth and the place it opens (the page, and the top of the view
// in page coordinates where it says). The first 5,000 entries.
async function readOutline(pdf, bottoms) {
  const entries = [];
  const walk = async (items, depth) => {
    for (const item of items || []) {
      if (entries.length >= 5000) return;
      try {
        const dest = typeof item.dest === 'string' ? await pdf.getDestination(item.dest) : item.dest;
        if (Array.isArray(dest) && typeof item.title === 'string') {
          const page = dest[0] && typeof dest[0] === 'object' ? await pdf.getPageIndex(dest[0]) : dest[0];
          const fit = dest[1] && dest[1].name;
          const top = fit === 'XYZ' ? dest[3] : fit === 'FitH' || fit === 'FitBH' ? dest[2] : null;
          if (Number.isInteger(page) && bottoms[page] !== undefined) {
            entries.push({ title: item.title, depth, page, ...(typeof top === 'number' ? { top: top - bottoms[page] } : {}) });
          }
        }
      } catch {}
      await walk(item.items, depth + 1);
    }
  };
  await walk(await pdf.getOutline().catch(() => null), 0);
  return entries;
}
(async () => {
  const { getDocumentProxy, getResolvedPDFJS } = await import(workerData.unpdf);
  const { OPS } = await getResolvedPDFJS();
  // Nothing here is painted: images are skipped (maxImageSize), not decoded, and PDF.js's
  // warnings stay out of the logs.
  const pdf = await getDocumentProxy(new Uint8Array(workerData.bytes), { isEvalSupported: false, stopAtErrors: false, maxImageSize: 1, verbosity: 0 });
  if (pdf.numPages > workerData.maxPages) {
    parentPort.postMessage({ error: 'too-many-pages' });
    return;
  }
  const pages = [];
  const bottoms = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    // The drawing also loads the fonts, whose names say which are bold. A page whose drawing
    // cannot be read still has its text.
    const ops = await page.getOperatorList().catch(() => null);
    const bold = new Map();
    const isBold = (id) => {
      if (!bold.has(id)) {
        let name = '';
        try { name = String(page.commonObjs.get(id).name || ''); } catch {}
        bold.set(id, /bold|black|heavy|demi|semibold/i.test(name));
      }
      return bold.get(id);
    };
    const [, bottom, , top] = page.view;
    bottoms.push(bottom);
    const runs = [];
    for (const item of content.items) {
      if (typeof item.str !== 'string') continue;
      const [a, b, c, d, x, y] = item.transform;
      const style = content.styles[item.fontName];
      runs.push({
        text: item.str, x, y: y - bottom, width: item.width, size: Math.hypot(c, d) || Math.hypot(a, b),
        mono: !!style && style.fontFamily === 'monospace', bold: isBold(item.fontName), eol: !!item.hasEOL,
      });
    }
    const boxes = ops ? linkBoxes(await page.getAnnotations().catch(() => []), bottom) : [];
    const fontMatrix = (id) => {
      try { return page.commonObjs.get(id).fontMatrix[0] || 0.001; } catch { return 0.001; }
    };
    const drawing = ops ? readDrawing(ops, OPS, bottom, boxes, fontMatrix) : { marks: [], rules: [], bars: [], words: [] };
    const links = boxes.map((box, n) => ({ ...box, text: drawing.words[n] })).filter((link) => link.text.trim());
    pages.push({ height: top - bottom, runs, marks: drawing.marks, rules: drawing.rules, bars: drawing.bars, links });
    page.cleanup();
  }
  const meta = await pdf.getMetadata().catch(() => null);
  const outline = await readOutline(pdf, bottoms);
  parentPort.postMessage({ pages, outline, title: meta && meta.info && meta.info.Title ? String(meta.info.Title) : undefined });
})().catch((e) => parentPort.postMessage({ error: e && e.name === 'PasswordException' ? 'encrypted' : 'corrupt', message: String(e && e.message) }));
`;

const unpdfUrl = () => pathToFileURL(packagePath('unpdf')).href;

interface WorkerAnswer {
  pages?: PdfPage[];
  outline?: PdfOutlineEntry[];
  title?: string;
  error?: 'too-many-pages' | 'encrypted' | 'corrupt';
  message?: string;
}

/**
 * Extracts text page by page in a worker thread, with page, time and size limits
 * (`maxExpandedBytes`: MAX_EXPANDED_BYTES unless given).
 */
export async function parsePdf(
  bytes: Uint8Array,
  limits: { maxPages: number; timeoutMs: number; maxExpandedBytes?: number },
): Promise<ExtractedDocument> {
  await measurePdfStreams(bytes, limits.maxExpandedBytes ?? config().MAX_EXPANDED_BYTES);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    // A copy of exactly these bytes: a Buffer's slice() is a view, and a small Buffer's
    // memory is a shared pool holding other data.
    workerData: { bytes: new Uint8Array(bytes).buffer, unpdf: unpdfUrl(), maxPages: limits.maxPages },
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  const answer = await new Promise<WorkerAnswer>((resolve) => {
    const timer = setTimeout(() => resolve({ error: 'corrupt', message: 'timeout' }), limits.timeoutMs);
    worker.once('message', (m: WorkerAnswer) => (clearTimeout(timer), resolve(m)));
    worker.once('error', (e) => (clearTimeout(timer), resolve({ error: 'corrupt', message: e.message })));
    worker.once('exit', () => (clearTimeout(timer), resolve({ error: 'corrupt', message: 'worker exited' })));
  });
  await worker.terminate();
  if (answer.error === 'encrypted')
    throw new ExtractionError('The PDF is encrypted (password protected); remove the password and upload it again.');
  if (answer.error === 'too-many-pages')
    throw new ExtractionError(`The PDF has more than ${limits.maxPages} pages (PDF_MAX_PAGES).`);
  if (answer.message === 'timeout')
    throw new ExtractionError(`Reading the PDF took longer than ${limits.timeoutMs} ms (PDF_TIMEOUT_MS).`);
  if (answer.error || !answer.pages) throw new ExtractionError('The PDF is damaged or not a PDF that can be read.');
  const layout = layoutPdf(answer.pages, answer.outline);
  const { text, pageStarts } = joinPages(layout.pages);
  if (!text.trim()) throw new ExtractionError('The PDF has no extractable text (a scanned image without OCR?).');
  return { title: metadataTitle(answer.title) ?? layout.title, text, pageStarts };
}

/**
 * The title in the PDF's document information, unless it is what the program that wrote the
 * file put there for want of one: a file name, "Microsoft Word - report.docx", "Untitled".
 */
function metadataTitle(title: string | undefined): string | undefined {
  const trimmed = title?.trim();
  if (
    !trimmed ||
    /^(?:untitled|microsoft \w+ - .*|.*\.(?:docx?|odt|rtf|pdf|tex|dvi|ps|indd|pages|txt|html?))$/i.test(trimmed)
  )
    return undefined;
  return trimmed;
}
