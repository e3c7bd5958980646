import 'server-only';
import { formatOfMediaType } from './catalog';
import { ExtractionError, type ExtractedDocument } from './extracted-document';
import { parseLimits, type ParseLimits } from './parse-limits';
import { PARSERS } from './parsers';

/**
 * Bytes of a known media type → text for the chunker, by the format's parser. NUL characters
 * never reach PostgreSQL. `address`: where a web page or a Markdown file was fetched from,
 * which its relative links are resolved against; `limits`: the settings' unless given.
 */
export async function extractDocument(
  bytes: Uint8Array,
  mediaType: string,
  { address, limits = parseLimits() }: { address?: string; limits?: ParseLimits } = {},
): Promise<ExtractedDocument> {
  const format = formatOfMediaType(mediaType);
  if (!format) throw new ExtractionError(`Unsupported media type ${mediaType}.`);
  const doc = await PARSERS[format.name].parse(bytes, { limits, address });
  const text = doc.text.replaceAll('\u0000', '');
  if (!text.trim()) throw new ExtractionError('The document has no text.');
  return { ...doc, text, title: doc.title?.replaceAll('\u0000', '') };
}
