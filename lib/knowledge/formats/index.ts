// File formats: what each one is (catalog.ts, one descriptor a format: media type, extensions,
// how it is sniffed, whether it is heavy), how its bytes are told (detect-media-type.ts) and read
// into Markdown-like text (parsers.ts, a folder of helpers for each format that has several),
// and the one parse pool whose thread reads the heavy and the large ones (pool/).
// A new format: a descriptor module, its parser, a line in catalog.ts and in parsers.ts, a row
// in docs/configuration.md's formats table (tests/unit/knowledge/formats-registry.test.ts checks it).
// The entry of lib/knowledge/formats: code outside lib/knowledge imports from here, or, where it must
// not load a parser (the browser), from ./catalog.

export {
  ACCEPT,
  ACCEPTED_TYPES,
  catalog,
  catalogOf,
  FORMATS,
  type FormatDescriptor,
  type FormatName,
  formatOfMediaType,
  MEDIA_TYPES,
} from './catalog';
export { asUtf8, detectMediaType, detectorOf } from './detect-media-type';
export { extractAndChunk } from './extract-and-chunk';
export { extractDocument } from './extract-document';
export { ExtractionError, type ExtractedDocument, type OcrSummary, type ReadDocument } from './extracted-document';
export { parseDocx } from './docx/parse-docx';
export { parseHtml } from './html/parse-html';
export { readImageSize, type ImageSize } from './image/image-size';
export { ocrDataOptions } from './image/recognize-text';
export { blankFrontMatter, frontMatterTitle, readFrontMatter } from './markdown/front-matter';
export { resolveMarkdownLinks } from './markdown/resolve-markdown-links';
export { blankMdxSyntax } from './mdx/mdx-syntax';
export { parseCsv, parseJson } from './parse-tabular';
export { parseLimits, type ParseLimits } from './parse-limits';
export { PARSERS, type FormatParser } from './parsers';
export { parsePdf } from './pdf/parse-pdf';
export { joinPages, layoutPdf, type PdfOutlineEntry, type PdfPage } from './pdf/pdf-layout';
export type { PdfTextRun } from './pdf/pdf-text-run';
export { readDocument } from './pool/read-document';
