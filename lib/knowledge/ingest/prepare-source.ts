import 'server-only';
import { config } from '@/lib/config';
import { prisma } from '@/lib/db/index';
import type { TextChunk } from '../index/chunk-text';
import type { ClaimedSource } from './claim-sources';
import { fetchUrl } from '../fetch/fetch-url';
import { asUtf8, detectMediaType, ExtractionError, readDocument, type OcrSummary } from '../formats';
import { ingestSignature } from './rechunk-sources';
import { keepFetched, type SourceContent } from '../sources/source-contents';
import { MAX_SOURCE_TITLE_CHARS } from '@/lib/schemas/source-title-limit';
import { clipText } from '@/lib/clip-text';
import { pageHashOf, recordFetch } from '../refresh/page-validators';

export interface PreparedSource {
  id: string;
  generation: number;
  title: string;
  /** Bytes ingested: a URL's are known only once it is fetched. */
  size: number;
  mediaType: string;
  chunks: TextChunk[];
  /** The chunking they were made with (ingestSignature). */
  chunkedWith: string;
  /** Set when OCR read some of it: kept in the source's metadata as `ocr`. */
  ocr?: OcrSummary;
}

/**
 * Takes a claimed source's queued bytes (or fetches its URL), extracts text and chunks it.
 * A web page being chunked again is read as it was fetched, not fetched again: the chunks
 * change, never the words (fetching anew is a replacement, `PUT`). Nothing is written except
 * a fetched page's bytes and the removal of chunks an earlier, interrupted attempt left for
 * the same generation.
 */
export async function prepareSource(
  source: ClaimedSource,
  content: SourceContent | undefined,
): Promise<PreparedSource | null> {
  if (!content) return null;
  const c = config();
  const generation = content.generation;
  // Only a retry can find chunks of this generation: a first attempt has a generation never written before.
  if (source.attempts > 1) {
    const db = await prisma();
    await db.$executeRaw`DELETE FROM chunks WHERE source_id = ${source.id}::uuid AND generation = ${generation}`;
  }
  let bytes: Uint8Array = content.data;
  let mediaType = source.mediaType;
  // (A page fetched before its address was kept is read as at the address it was added by.)
  let address = source.kind === 'url' ? (content.url ?? source.uri ?? undefined) : undefined;
  // A crawl's page is queued with the bytes the crawler fetched (politely, under robots.txt), and a
  // refreshed page with those its refresh fetched: read as fetched, never fetched a second time.
  const fetched = bytes.byteLength > 0 && (content.rechunk || content.fetched || source.crawlId !== null);
  if (source.kind === 'url' && source.uri && !fetched) {
    const page = await fetchUrl(source.uri, {
      maxBytes: c.URL_MAX_BYTES,
      timeoutMs: c.URL_TIMEOUT_MS,
      allowlist: c.URL_ALLOWLIST,
    });
    bytes = asUtf8(page.body);
    mediaType = mediaTypeOfFetched(bytes, page.contentType, page.url);
    address = page.url;
    await keepFetched(source.id, generation, bytes, page.url);
    // What it was fetched as, for its refreshes' conditional requests.
    await recordFetch(source.id, page, pageHashOf(page.body));
  }
  const doc = await readDocument(bytes, mediaType, {
    chunking: { targetTokens: c.CHUNK_TOKENS, overlapTokens: c.CHUNK_OVERLAP_TOKENS },
    timeoutMs: c.PARSE_TIMEOUT_MS,
    heapMb: c.PARSE_MAX_HEAP_MB,
    address,
  });
  if (doc.chunks.length === 0) throw new ExtractionError('The document has no text.');
  // A title we made up from the URL or file name gives way to the document's own.
  const defaulted = source.title === source.uri || source.title === source.filename;
  const title = defaulted && doc.title ? clipText(doc.title, MAX_SOURCE_TITLE_CHARS) : source.title;
  return {
    id: source.id,
    generation,
    title,
    size: bytes.byteLength,
    mediaType,
    chunks: doc.chunks,
    chunkedWith: ingestSignature(c),
    ...(doc.ocr ? { ocr: doc.ocr } : {}),
  };
}

/** The media type of a fetched page: its bytes, read with its Content-Type and name as hints. */
export function mediaTypeOfFetched(body: Uint8Array, contentType: string, url: string): string {
  const declared = contentType.split(';')[0]!.trim().toLowerCase();
  const name = new URL(url).pathname.split('/').pop() ?? '';
  const hint = declared === 'text/html' ? 'page.html' : /\.[a-z0-9]+$/i.test(name) ? name : undefined;
  try {
    return detectMediaType(body, hint);
  } catch {
    throw new ExtractionError(`The URL returned ${declared || 'content'} that cannot be ingested.`);
  }
}
