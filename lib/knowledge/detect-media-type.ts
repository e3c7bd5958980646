import { ApiError } from '@/lib/http/api-error';
import { MEDIA_TYPES } from './parsers/extract-document';

export const ACCEPTED_TYPES = '.txt, .md, .mdx, .html, .pdf, .docx, .csv, .json, .jsonl';
export const JSONL = 'application/jsonl';

const TEXT_EXTENSIONS: Record<string, string> = {
  txt: MEDIA_TYPES.text,
  text: MEDIA_TYPES.text,
  md: MEDIA_TYPES.markdown,
  markdown: MEDIA_TYPES.markdown,
  mdx: MEDIA_TYPES.mdx,
  html: MEDIA_TYPES.html,
  htm: MEDIA_TYPES.html,
  csv: MEDIA_TYPES.csv,
  json: MEDIA_TYPES.json,
  jsonl: JSONL,
  ndjson: JSONL,
};

const unsupported = (why: string) =>
  new ApiError('unsupported_media_type', `${why} Accepted types: ${ACCEPTED_TYPES}.`);

const startsWith = (bytes: Uint8Array, magic: string) => {
  for (let i = 0; i < magic.length; i++) if (bytes[i] !== magic.charCodeAt(i)) return false;
  return true;
};

/**
 * Text in another encoding, as UTF-8: UTF-16 with its byte-order mark, and bytes that are not
 * UTF-8 but hold no NUL read as Windows-1252 (what Excel and older editors save; Latin-1 is a
 * subset). PDF, DOCX, UTF-8 and binary content come back as they are.
 */
export function asUtf8(bytes: Uint8Array): Uint8Array {
  if (startsWith(bytes, '%PDF-') || startsWith(bytes, 'PK\u0003\u0004')) return bytes;
  const bom =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? 'utf-16le'
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? 'utf-16be'
        : undefined;
  try {
    if (bom) return new TextEncoder().encode(new TextDecoder(bom, { fatal: true }).decode(bytes));
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return bytes;
  } catch {
    if (bom || bytes.includes(0)) return bytes;
    return new TextEncoder().encode(new TextDecoder('windows-1252').decode(bytes));
  }
}

/**
 * Decides a file's media type from its content: magic bytes for PDF and DOCX,
 * strict UTF-8 without NUL for the text formats. The name's extension only
 * chooses between text formats (without one, the first lines do: HTML, JSON,
 * Markdown or plain text), and a name that promises another kind of file
 * than the bytes are is refused (an executable named `.pdf`).
 */
export function detectMediaType(bytes: Uint8Array, filename: string | undefined): string {
  const ext = /\.([a-z0-9]{1,10})$/i.exec(filename ?? '')?.[1]?.toLowerCase();
  if (startsWith(bytes, '%PDF-')) {
    if (ext && ext !== 'pdf') throw unsupported(`The file is a PDF but is named .${ext}.`);
    return MEDIA_TYPES.pdf;
  }
  if (startsWith(bytes, 'PK\u0003\u0004')) {
    // ZIP entry names are stored uncompressed: a DOCX names its main part in a local header.
    const isDocx = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('word/document.xml');
    if (!isDocx) throw unsupported('The file is a ZIP archive but not a Word document.');
    if (ext && ext !== 'docx') throw unsupported(`The file is a Word document but is named .${ext}.`);
    return MEDIA_TYPES.docx;
  }
  if (ext === 'pdf' || ext === 'docx') throw unsupported(`The file is named .${ext} but its content is not.`);
  if (ext && !TEXT_EXTENSIONS[ext]) throw unsupported(`.${ext} files are not accepted.`);
  const head = bytes.subarray(0, 64 * 1024);
  if (head.includes(0)) throw unsupported('The file is binary.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.byteLength > head.byteLength ? bytes : head);
  } catch {
    throw unsupported('The file is neither a PDF, a Word document nor UTF-8 text.');
  }
  if (ext) return TEXT_EXTENSIONS[ext]!;
  const start = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 200)
    .toLowerCase();
  if (start.startsWith('<!doctype html') || start.startsWith('<html')) return MEDIA_TYPES.html;
  if (start.startsWith('{') || start.startsWith('[')) {
    try {
      JSON.parse(text);
      return MEDIA_TYPES.json;
    } catch {}
  }
  // Front matter, or a heading line: read as Markdown, so the front matter is a title, not text.
  if (/^---\r?\n[\s\S]*?\r?\n---\r?\n/.test(text.replace(/^\uFEFF/, '')) || /^#{1,6} \S/m.test(text.slice(0, 4096)))
    return MEDIA_TYPES.markdown;
  return MEDIA_TYPES.text;
}
