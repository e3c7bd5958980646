import 'server-only';
import { zipSync } from 'fflate';
import { DOMParser } from 'linkedom';
import mammoth from 'mammoth';
import { ExtractionError, type ExtractedDocument } from './extracted-document';
import { parseHtml } from './parse-html';
import { unzipBounded } from './unzip-bounded';

const LIMITS = { maxEntries: 2000, maxInflatedBytes: 64 * 1024 * 1024 };

// Only the parts that carry text and structure; images and embedded objects stay compressed and unread.
// docProps/core.xml holds the title (File › Properties in Word).
const keep = (name: string) => /^(\[Content_Types\]\.xml|_rels\/\.rels|word\/[^/]+\.xml|word\/_rels\/[^/]+\.rels|docProps\/core\.xml)$/.test(name);

/**
 * DOCX → Markdown-like text through mammoth (headings survive as `#` lines).
 * The archive is inflated by us first, with real size and entry-count caps, and
 * re-packed uncompressed for mammoth, so mammoth never meets a zip bomb. Images
 * are dropped and external relationships are never fetched.
 */
export async function parseDocx(bytes: Uint8Array): Promise<ExtractedDocument> {
  const files = unzipBounded(bytes, keep, LIMITS);
  if (!files.has('word/document.xml')) throw new ExtractionError('The DOCX file has no word/document.xml.');
  const repacked = zipSync(Object.fromEntries(files), { level: 0 });
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(repacked) },
      { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
    );
    html = result.value;
  } catch {
    throw new ExtractionError('The DOCX file is damaged.');
  }
  const { text } = parseHtml(`<!doctype html><html><body><article>${html}</article></body></html>`);
  return { text, title: coreTitle(files.get('docProps/core.xml')) };
}

/** The document title from the core properties (`<dc:title>`), if set. */
function coreTitle(core: Uint8Array | undefined): string | undefined {
  if (!core) return undefined;
  try {
    const xml = new DOMParser().parseFromString(new TextDecoder().decode(core), 'text/xml');
    const title = xml.getElementsByTagName('dc:title')[0]?.textContent ?? '';
    return title.replace(/\s+/g, ' ').trim() || undefined;
  } catch {
    return undefined; // damaged properties cost the title, not the document
  }
}
