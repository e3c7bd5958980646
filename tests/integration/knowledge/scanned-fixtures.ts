// Real scanned inputs: a page of text set by pdf-lib, rendered to pixels by poppler's pdftoppm
// (Debian's poppler-utils, installed for the tests only), and wrapped again as an image-only PDF.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** Lines of ordinary prose, 14-point Helvetica, as a letter-size page (612 × 792 points) sets them. */
export async function textPagePdf(lines: readonly string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  lines.forEach((line, i) => page.drawText(line, { x: 60, y: 720 - i * 24, size: 14, font }));
  return doc.save();
}

/** The first page of a PDF as a gray image, `dpi` dots per inch, in the given file format. */
export function renderPage(pdf: Uint8Array, format: 'png' | 'jpeg' | 'tiff', dpi = 300): Uint8Array {
  const dir = mkdtempSync(path.join(tmpdir(), 'scan-'));
  try {
    writeFileSync(path.join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', `-${format}`, '-singlefile', 'in.pdf', 'page'], { cwd: dir });
    return readFileSync(path.join(dir, `page.${format === 'jpeg' ? 'jpg' : format === 'tiff' ? 'tif' : 'png'}`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A PDF whose pages are either text (lines) or a scan (an image drawn over the whole page, and nothing else). */
export async function pagesPdf(
  pages: readonly ({ lines: readonly string[] } | { scan: Uint8Array })[],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const content of pages) {
    const page = doc.addPage([612, 792]);
    if ('lines' in content)
      content.lines.forEach((line, i) => page.drawText(line, { x: 60, y: 720 - i * 24, size: 14, font }));
    else
      page.drawImage(await (content.scan[0] === 0xff ? doc.embedJpg(content.scan) : doc.embedPng(content.scan)), {
        x: 0,
        y: 0,
        width: 612,
        height: 792,
      });
  }
  return doc.save();
}

/** A valid PNG header declaring `width` × `height` gray pixels, with one small compressed row: a decompression bomb's opening. */
export function pngDeclaring(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The share of `expected`'s words (case and punctuation aside) that `text` has, each counted as often as it occurs. */
export function wordRecall(expected: string, text: string): number {
  const words = (s: string) => s.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const found = new Map<string, number>();
  for (const w of words(text)) found.set(w, (found.get(w) ?? 0) + 1);
  const want = words(expected);
  let hits = 0;
  for (const w of want) {
    const n = found.get(w) ?? 0;
    if (n > 0) {
      hits++;
      found.set(w, n - 1);
    }
  }
  return hits / want.length;
}
