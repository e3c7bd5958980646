import 'server-only';
import type { FormatName } from './catalog';
import { parseDocx } from './docx/parse-docx';
import { ExtractionError, type ExtractedDocument } from './extracted-document';
import { parseHtml } from './html/parse-html';
import { parseImage } from './image/parse-image';
import { parseMarkdown } from './markdown/parse-markdown';
import type { ParseLimits } from './parse-limits';
import { parseCsv, parseJson } from './parse-tabular';
import { parsePdf, pdfTookTooLong } from './pdf/parse-pdf';

export interface ParseContext {
  limits: ParseLimits;
  /** Where a web page or a Markdown file was fetched from, which its relative links are resolved against. */
  address?: string;
}

export interface FormatParser {
  parse(bytes: Uint8Array, context: ParseContext): ExtractedDocument | Promise<ExtractedDocument>;
  /** A time limit of the format's own, shorter than PARSE_TIMEOUT_MS where it is set so. */
  timeLimit?(limits: ParseLimits): { ms: number; message: string };
}

const utf8 = (bytes: Uint8Array) => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new ExtractionError('The file is not valid UTF-8 text.');
  }
};
const lines = (bytes: Uint8Array) => utf8(bytes).replace(/\r\n?/g, '\n');

/** How each format of the catalog is read into Markdown-like text; a format without a parser does not type-check. */
export const PARSERS: { [N in FormatName]: FormatParser } = {
  text: { parse: (bytes) => ({ text: lines(bytes) }) },
  markdown: { parse: (bytes, { address }) => parseMarkdown(lines(bytes), { mdx: false, address }) },
  mdx: { parse: (bytes, { address }) => parseMarkdown(lines(bytes), { mdx: true, address }) },
  html: { parse: (bytes, { address }) => parseHtml(utf8(bytes), { address }) },
  pdf: {
    parse: (bytes, { limits }) =>
      parsePdf(bytes, {
        maxPages: limits.pdfMaxPages,
        timeoutMs: limits.pdfTimeoutMs,
        maxExpandedBytes: limits.maxExpandedBytes,
        ocr: { languages: limits.ocrLanguages, maxPixels: limits.ocrMaxPixels },
      }),
    timeLimit: ({ pdfTimeoutMs }) => ({ ms: pdfTimeoutMs, message: pdfTookTooLong(pdfTimeoutMs) }),
  },
  docx: { parse: (bytes, { limits }) => parseDocx(bytes, limits) },
  csv: { parse: (bytes) => parseCsv(utf8(bytes)) },
  json: { parse: (bytes) => parseJson(utf8(bytes)) },
  png: { parse: (bytes, { limits }) => parseImage(bytes, limits) },
  jpeg: { parse: (bytes, { limits }) => parseImage(bytes, limits) },
  tiff: { parse: (bytes, { limits }) => parseImage(bytes, limits) },
  // Read into text sources when the request is: never stored, never parsed.
  jsonl: {
    parse: () => {
      throw new ExtractionError('Unsupported media type application/jsonl.');
    },
  },
};
