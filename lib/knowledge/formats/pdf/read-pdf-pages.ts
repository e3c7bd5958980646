// Runs in the parse pool (pool/parse-worker.ts): PDF.js is synchronous CPU work that would stall
// every other request on the event loop, and a hostile file must be killable.
import { getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { linkBoxes, readDrawing, type OperatorList } from './pdf-drawing';
import type { PdfOutlineEntry, PdfPage } from './pdf-layout';
import type { PdfTextRun } from './pdf-text-run';
import type { RecognizedPage } from '../image/recognize-text';
import { readScannedPages } from './read-scanned-pages';

/** What PDF.js read of a file, or why it could not: the caller turns the reason into a message. */
export type PdfPages =
  | {
      pages: PdfPage[];
      outline: PdfOutlineEntry[];
      title?: string;
      /** What OCR read of each page without text (by index; absent for pages with text). */
      ocr?: (RecognizedPage | null | undefined)[];
    }
  | { error: 'too-many-pages' | 'encrypted' | 'corrupt'; message?: string };

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
interface OutlineItem {
  title: unknown;
  dest: unknown;
  items?: OutlineItem[];
}

/** OCR_LANGUAGES and OCR_MAX_PIXELS, where pages without text are to be read by OCR. */
export interface PdfOcrOptions {
  languages: string[];
  maxPixels: number;
}

/**
 * Each page's text runs, drawn marks, rules and links, with the outline and the Title property;
 * with `ocr`, what OCR reads of the pages that have no text (scans).
 */
export async function readPdfPages(bytes: Uint8Array, maxPages: number, ocr?: PdfOcrOptions): Promise<PdfPages> {
  // PDF.js takes the bytes over (their buffer is detached): OCR opens the file again from a copy.
  const kept = ocr ? bytes.slice() : undefined;
  try {
    const { OPS } = await getResolvedPDFJS();
    // Nothing here is painted: images are skipped (maxImageSize), not decoded, and PDF.js's
    // warnings stay out of the logs. (This PDF.js has no `isEvalSupported` option left to set.)
    const pdf = await getDocumentProxy(bytes, { stopAtErrors: false, maxImageSize: 1, verbosity: 0 });
    if (pdf.numPages > maxPages) return { error: 'too-many-pages' };
    const pages: PdfPage[] = [];
    const bottoms: number[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      // The drawing also loads the fonts, whose names say which are bold. A page whose drawing
      // cannot be read still has its text.
      const ops = (await page.getOperatorList().catch(() => null)) as OperatorList | null;
      const font = (id: string): { name?: unknown; fontMatrix?: number[] } | undefined => {
        try {
          return page.commonObjs.get(id);
        } catch {
          return undefined;
        }
      };
      const bold = new Map<string, boolean>();
      const isBold = (id: string) => {
        if (!bold.has(id)) bold.set(id, /bold|black|heavy|demi|semibold/i.test(String(font(id)?.name ?? '')));
        return bold.get(id)!;
      };
      const [, bottom, , top] = page.view as [number, number, number, number];
      bottoms.push(bottom);
      const runs: PdfTextRun[] = [];
      for (const item of content.items) {
        if (!('str' in item) || typeof item.str !== 'string') continue;
        const [a, b, c, d, x, y] = item.transform as number[];
        const style = content.styles[item.fontName];
        runs.push({
          text: item.str,
          x: x!,
          y: y! - bottom,
          width: item.width,
          size: Math.hypot(c!, d!) || Math.hypot(a!, b!),
          mono: !!style && style.fontFamily === 'monospace',
          bold: isBold(item.fontName),
          eol: !!item.hasEOL,
        });
      }
      const boxes = ops ? linkBoxes(await page.getAnnotations().catch(() => []), bottom) : [];
      const fontMatrix = (id: string) => font(id)?.fontMatrix?.[0] || 0.001;
      const drawing = ops
        ? readDrawing(ops, OPS as unknown as Record<string, number>, bottom, boxes, fontMatrix)
        : { marks: [], rules: [], bars: [], words: [] };
      const links = boxes.map((box, k) => ({ ...box, text: drawing.words[k]! })).filter((link) => link.text.trim());
      pages.push({ height: top - bottom, runs, marks: drawing.marks, rules: drawing.rules, bars: drawing.bars, links });
      page.cleanup();
    }
    const meta = (await pdf.getMetadata().catch(() => null)) as { info?: { Title?: unknown } } | null;
    const outline = await readOutline(pdf, bottoms);
    const title = meta?.info?.Title ? String(meta.info.Title) : undefined;
    const textless = pages.flatMap((page, n) => (page.runs.some((run) => run.text.trim()) ? [] : [n]));
    if (!ocr || !kept || textless.length === 0) return { pages, outline, title };
    const read = await readScannedPages(
      kept,
      textless.map((n) => n + 1),
      ocr,
    );
    const byPage: (RecognizedPage | null | undefined)[] = [];
    textless.forEach((n, i) => (byPage[n] = read[i]));
    return { pages, outline, title, ocr: byPage };
  } catch (e) {
    const error = e as Error | undefined;
    return { error: error?.name === 'PasswordException' ? 'encrypted' : 'corrupt', message: String(error?.message) };
  }
}

/**
 * The document's outline (its bookmarks), which Word, LibreOffice and LaTeX write from the
 * headings: each entry's title, depth and the place it opens (the page, and the top of the view
 * in page coordinates where it says). The first 5,000 entries.
 */
async function readOutline(pdf: PdfDocument, bottoms: number[]): Promise<PdfOutlineEntry[]> {
  const entries: PdfOutlineEntry[] = [];
  const walk = async (items: OutlineItem[] | null | undefined, depth: number) => {
    for (const item of items ?? []) {
      if (entries.length >= 5000) return;
      try {
        const dest = typeof item.dest === 'string' ? await pdf.getDestination(item.dest) : item.dest;
        if (Array.isArray(dest) && typeof item.title === 'string') {
          const page = dest[0] && typeof dest[0] === 'object' ? await pdf.getPageIndex(dest[0]) : dest[0];
          const fit = (dest[1] as { name?: string } | undefined)?.name;
          const top = fit === 'XYZ' ? dest[3] : fit === 'FitH' || fit === 'FitBH' ? dest[2] : null;
          if (Number.isInteger(page) && bottoms[page] !== undefined) {
            entries.push({
              title: item.title,
              depth,
              page,
              ...(typeof top === 'number' ? { top: top - bottoms[page] } : {}),
            });
          }
        }
      } catch {}
      await walk(item.items, depth + 1);
    }
  };
  await walk((await pdf.getOutline().catch(() => null)) as OutlineItem[] | null, 0);
  return entries;
}
