import 'server-only';
import { config } from '@/lib/config';
import { markdownPreview } from '@/lib/markdown-preview';
import { ExtractionError, type ExtractedDocument } from './extracted-document';
import { blankFrontMatter, frontMatterTitle, readFrontMatter } from './front-matter';
import { blankMdxSyntax } from './mdx-syntax';
import { parseDocx } from './parse-docx';
import { parseHtml } from './parse-html';
import { parsePdf } from './parse-pdf';
import { parseCsv, parseJson } from './parse-tabular';
import { resolveMarkdownLinks } from './resolve-markdown-links';

export const MEDIA_TYPES = {
  text: 'text/plain',
  markdown: 'text/markdown',
  mdx: 'text/mdx',
  html: 'text/html',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  csv: 'text/csv',
  json: 'application/json',
} as const;

const utf8 = (bytes: Uint8Array) => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new ExtractionError('The file is not valid UTF-8 text.');
  }
};

/**
 * Bytes of a known media type → text for the chunker. NUL characters never reach PostgreSQL.
 * `address`: where a web page or a Markdown file was fetched from, which its relative links are resolved against.
 */
export async function extractDocument(
  bytes: Uint8Array,
  mediaType: string,
  { address }: { address?: string } = {},
): Promise<ExtractedDocument> {
  const c = config();
  let doc: ExtractedDocument;
  switch (mediaType) {
    case MEDIA_TYPES.pdf:
      doc = await parsePdf(bytes, {
        maxPages: c.PDF_MAX_PAGES,
        timeoutMs: c.PDF_TIMEOUT_MS,
        maxExpandedBytes: c.MAX_EXPANDED_BYTES,
      });
      break;
    case MEDIA_TYPES.docx:
      doc = await parseDocx(bytes, { maxExpandedBytes: c.MAX_EXPANDED_BYTES, heapMb: c.PARSE_MAX_HEAP_MB });
      break;
    case MEDIA_TYPES.html:
      doc = parseHtml(utf8(bytes), { address });
      break;
    case MEDIA_TYPES.csv:
      doc = parseCsv(utf8(bytes));
      break;
    case MEDIA_TYPES.json:
      doc = parseJson(utf8(bytes));
      break;
    case MEDIA_TYPES.markdown:
    case MEDIA_TYPES.mdx:
      doc = parseMarkdown(utf8(bytes).replace(/\r\n?/g, '\n'), { mdx: mediaType === MEDIA_TYPES.mdx, address });
      break;
    case MEDIA_TYPES.text:
      doc = { text: utf8(bytes).replace(/\r\n?/g, '\n') };
      break;
    default:
      throw new ExtractionError(`Unsupported media type ${mediaType}.`);
  }
  const text = doc.text.replaceAll('\u0000', '');
  if (!text.trim()) throw new ExtractionError('The document has no text.');
  return { ...doc, text, title: doc.title?.replaceAll('\u0000', '') };
}

/**
 * Markdown is already what the chunker reads; its front matter gives the title and is not
 * content, and neither is MDX's ESM and JSX. Both are blanked in place, so offsets hold.
 * Without a front matter title, a level-1 heading that opens the document is the title, as
 * static site generators read it (the heading stays in the text). Fetched from the web, its
 * relative links are written whole (resolveMarkdownLinks).
 */
function parseMarkdown(text: string, { mdx, address }: { mdx: boolean; address?: string }): ExtractedDocument {
  const fm = readFrontMatter(text);
  const markdown = fm ? blankFrontMatter(text, fm) : text;
  // The front matter is YAML, not MDX: its `{…}` flow mappings are not expressions.
  const end = fm?.end ?? 0;
  const content = mdx ? markdown.slice(0, end) + blankMdxSyntax(markdown.slice(end)) : markdown;
  return {
    text: address ? resolveMarkdownLinks(content, address) : content,
    title: (fm && frontMatterTitle(fm)) || openingHeading(content),
  };
}

/**
 * Blank lines and HTML comments ("This file is generated…"), then an ATX level-1 heading (at
 * most three spaces in: four make it code).
 */
const OPENING_H1 = /^(?:[ \t]*\n|[ \t]*<!--[^]*?-->[ \t]*(?:\n|$))*[ ]{0,3}#[ \t]+([^\n]+?)(?:[ \t]+#+)?[ \t]*(?:\n|$)/;

/** An image, inline or by reference, and one that is a link: a README's badges (`[![npm](…)](…)`). */
const IMAGE = /\[!\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])\](?:\([^)]*\)|\[[^\]]*\])|!\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])/g;

/** The words of the heading that opens the document, when one does; its images are decoration, not words of a name. */
function openingHeading(text: string): string | undefined {
  const heading = OPENING_H1.exec(text)?.[1];
  return heading ? markdownPreview(heading.replace(IMAGE, ' ')) || undefined : undefined;
}
