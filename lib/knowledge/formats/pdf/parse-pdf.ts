import 'server-only';
import { config } from '@/lib/config';
import { ExtractionError, type ExtractedDocument } from '../extracted-document';
import { runInPool } from '../pool/parse-pool';
import { onPoolThread } from '../pool/parse-tasks';
import { measurePdfStreams } from './measure-pdf-streams';
import { joinPages, layoutPdf } from './pdf-layout';

export const pdfTookTooLong = (ms: number) => `Reading the PDF took longer than ${ms} ms (PDF_TIMEOUT_MS).`;

/**
 * Extracts text page by page with PDF.js on the parse pool's thread (read-pdf-pages.ts), with
 * page, time and size limits (`maxExpandedBytes`: MAX_EXPANDED_BYTES unless given), and lays
 * the pages out as Markdown here.
 */
export async function parsePdf(
  bytes: Uint8Array,
  limits: { maxPages: number; timeoutMs: number; maxExpandedBytes?: number },
): Promise<ExtractedDocument> {
  await measurePdfStreams(bytes, limits.maxExpandedBytes ?? config().MAX_EXPANDED_BYTES);
  // A copy of exactly these bytes: a Buffer's slice() is a view, and a small Buffer's memory is
  // a shared pool holding other data.
  const copy = new Uint8Array(bytes);
  const answer = onPoolThread()
    ? await (await import('./read-pdf-pages')).readPdfPages(copy, limits.maxPages)
    : await runInPool(
        { kind: 'pdf-pages', bytes: copy, maxPages: limits.maxPages },
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
