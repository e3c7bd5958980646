import { ExtractionError, type ExtractedDocument, type OcrSummary } from '../extracted-document';
import type { ParseLimits } from '../parse-limits';
import { readImageSize } from './image-size';
import { recognizeText, type RecognizedPage } from './recognize-text';

/** Refuses an image whose header declares more pixels than OCR_MAX_PIXELS: it is never decoded. */
export function checkImageSize(bytes: Uint8Array, maxPixels: number): void {
  const size = readImageSize(bytes);
  if (!size) throw new ExtractionError('The image is damaged: its header cannot be read.');
  if (size.width * size.height > maxPixels)
    throw new ExtractionError(
      `The image is ${size.width} × ${size.height} pixels, more than the ${maxPixels.toLocaleString('en')} OCR reads (OCR_MAX_PIXELS).`,
    );
}

/**
 * An uploaded PNG, JPEG or TIFF (its first page), read by OCR on the parse pool's thread, under
 * its time and memory limits. Its size is checked first, from the header alone.
 */
export async function parseImage(bytes: Uint8Array, limits: ParseLimits): Promise<ExtractedDocument> {
  checkImageSize(bytes, limits.ocrMaxPixels);
  const [page] = await recognizeText([new Uint8Array(bytes)], limits.ocrLanguages);
  if (!page?.text.trim()) throw new ExtractionError('OCR found no text in the image.');
  return { text: page.text, ocr: summarizeOcr([page]) };
}

/** The pages read by OCR and their words' mean confidence, as the source records it. */
export function summarizeOcr(pages: readonly (RecognizedPage | null | undefined)[]): OcrSummary | undefined {
  const read = pages.filter((p): p is RecognizedPage => !!p?.text.trim());
  const words = read.reduce((n, p) => n + p.words, 0);
  if (read.length === 0) return undefined;
  const confidence = words ? read.reduce((sum, p) => sum + p.confidence * p.words, 0) / words : 0;
  return { pages: read.length, confidence: Math.round(confidence * 10) / 10 };
}
