// Runs in the parse pool (pool/parse-worker.ts), after read-pdf-pages.ts found pages without text.
// A scanned page is one image drawn over the page: PDF.js decodes it (no canvas is needed, none is
// installed) and Tesseract reads it, one page's pixels held at a time.
import { getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { recognizeText, type RecognizedPage } from '../image/recognize-text';

/** A decoded PDF image as PDF.js hands it over: 1-bit gray rows packed to bytes, RGB or RGBA. */
interface DecodedImage {
  width: number;
  height: number;
  kind: number;
  data?: Uint8Array | Uint8ClampedArray;
}

/**
 * The text OCR reads in the largest image of each page numbered (from 1), in order; null where
 * a page draws none. Images over `maxPixels` are skipped by PDF.js before they are decoded.
 */
export async function readScannedPages(
  bytes: Uint8Array,
  pageNumbers: readonly number[],
  { languages, maxPixels }: { languages: readonly string[]; maxPixels: number },
): Promise<(RecognizedPage | null)[]> {
  const { OPS } = await getResolvedPDFJS();
  const pdf = await getDocumentProxy(bytes, {
    stopAtErrors: false,
    maxImageSize: maxPixels,
    isOffscreenCanvasSupported: false,
    verbosity: 0,
  });
  async function* images(): AsyncGenerator<Uint8Array | null> {
    for (const n of pageNumbers) {
      const page = await pdf.getPage(n);
      const ops = await page.getOperatorList().catch(() => null);
      let largest: DecodedImage | undefined;
      for (let i = 0; ops && i < ops.fnArray.length; i++) {
        if (ops.fnArray[i] !== OPS.paintImageXObject) continue;
        const key = (ops.argsArray[i] as [string])[0];
        const image = await new Promise<DecodedImage | undefined>((resolve) => {
          try {
            (key.startsWith('g_') ? page.commonObjs : page.objs).get(key, resolve);
          } catch {
            resolve(undefined);
          }
        });
        if (image?.data && (!largest || image.width * image.height > largest.width * largest.height)) largest = image;
      }
      yield largest ? toNetpbm(largest) : null;
      largest = undefined;
      page.cleanup();
    }
  }
  try {
    return await recognizeText(images(), languages);
  } finally {
    await pdf.cleanup();
  }
}

/** The image as a binary PBM (1-bit) or PGM (gray), which Tesseract's Leptonica reads without a codec. */
export function toNetpbm({ width, height, kind, data }: DecodedImage): Uint8Array | null {
  if (!data) return null;
  const header = (magic: string) =>
    new TextEncoder().encode(`${magic}\n${width} ${height}\n${magic === 'P5' ? '255\n' : ''}`);
  if (kind === 1) {
    // PDF.js sets a bit for white; PBM for black.
    const head = header('P4');
    const out = new Uint8Array(head.length + data.length);
    out.set(head);
    for (let i = 0; i < data.length; i++) out[head.length + i] = ~data[i]! & 0xff;
    return out;
  }
  const channels = kind === 2 ? 3 : 4;
  if (data.length < width * height * channels) return null;
  const head = header('P5');
  const out = new Uint8Array(head.length + width * height);
  out.set(head);
  for (let p = 0, s = 0; p < width * height; p++, s += channels)
    out[head.length + p] = (data[s]! * 299 + data[s + 1]! * 587 + data[s + 2]! * 114) / 1000;
  return out;
}
