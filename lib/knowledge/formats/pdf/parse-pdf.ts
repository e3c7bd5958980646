import 'server-only';
import { config } from '@/lib/config';
import { ExtractionError, type ExtractedDocument } from '../extracted-document';
import { runInPool } from '../pool/parse-pool';
import { onPoolThread } from '../pool/parse-tasks';
import { summarizeOcr } from '../image/parse-image';
import { measurePdfStreams } from './measure-pdf-streams';
import { joinPages, layoutPdf } from './pdf-layout';
import type { PdfOcrOptions } from './read-pdf-pages';

export const pdfTookTooLong = (ms: number) => `Reading the PDF took longer than ${ms} ms (PDF_TIMEOUT_MS).`;

/**
 * Extracts text page by page with PDF.js on the parse pool's thread (read-pdf-pages.ts), with
 * page, time and size limits (`maxExpandedBytes`: MAX_EXPANDED_BYTES unless given), and lays
 * the pages out as Markdown here. Pages without text are read by OCR there, with `ocr`
 * (OCR_LANGUAGES and OCR_MAX_PIXELS unless given), in their place among the others.
 */
export async function parsePdf(
  bytes: Uint8Array,
  limits: { maxPages: number; timeoutMs: number; maxExpandedBytes?: number; ocr?: PdfOcrOptions },
): Promise<ExtractedDocument> {
  await measurePdfStreams(bytes, limits.maxExpandedBytes ?? config().MAX_EXPANDED_BYTES);
  // A copy of exactly these bytes: a Buffer's slice() is a view, and a small Buffer's memory is
  // a shared pool holding other data.
  const copy = new Uint8Array(bytes);
  const ocr = limits.ocr ?? { languages: config().OCR_LANGUAGES, maxPixels: config().OCR_MAX_PIXELS };
  const answer = onPoolThread()
    ? await (await import('./read-pdf-pages')).readPdfPages(copy, limits.maxPages, ocr)
    : await runInPool(
        { kind: 'pdf-pages', bytes: copy, maxPages: limits.maxPages, ocr },
        { timeoutMs: limits.timeoutMs, heapMb: config().PARSE_MAX_HEAP_MB, timedOut: pdfTookTooLong(limits.timeoutMs) },
      );
  if ('error' in answer) {
    if (answer.error === 'encrypted')
      throw new ExtractionError('The PDF is encrypted (password protected); remove the password and upload it again.');
    if (answer.error === 'too-many-pages')
      throw new ExtractionError(`The PDF has more than ${limits.maxPages} pages (PDF_MAX_PAGES).`);
    throw new ExtractionError('The PDF is damaged or not a PDF that can be read.');
  }
  const layout = layoutPdf(answer.pages, answer.outline);
  // A scanned page has no text of its own: what OCR read of it takes its place.
  const { text, pageStarts } = joinPages(
    layout.pages.map((page, n) => (page.trim() ? page : (answer.ocr?.[n]?.text ?? page))),
  );
  if (!text.trim())
    throw new ExtractionError(
      `The PDF has no extractable text, and OCR found none in its pages' images (an image over ${ocr.maxPixels.toLocaleString('en')} pixels, OCR_MAX_PIXELS, is not read).`,
    );
  const read = summarizeOcr(answer.ocr ?? []);
  return { title: metadataTitle(answer.title) ?? layout.title, text, pageStarts, ...(read ? { ocr: read } : {}) };
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
