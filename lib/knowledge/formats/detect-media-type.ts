import { ApiError } from '@/lib/http/api-error';
import { catalogOf, FORMATS } from './catalog';
import type { FormatDescriptor } from './format';

const startsWith = (bytes: Uint8Array, magic: string | readonly string[]): boolean => {
  if (typeof magic !== 'string') return magic.some((m) => startsWith(bytes, m));
  for (let i = 0; i < magic.length; i++) if (bytes[i] !== magic.charCodeAt(i)) return false;
  return true;
};

/** "a PDF, a Word document": the binary formats a refusal names. */
const either = (nouns: string[]) =>
  nouns.length > 1 ? `${nouns.slice(0, -1).join(', ')} nor ${nouns.at(-1)}` : nouns[0];

/** The sniffing of a set of formats: by magic bytes for the binary ones, by extension or first lines for text. */
export function detectorOf(formats: readonly FormatDescriptor[]) {
  const { acceptedTypes, formatOfExtension } = catalogOf(formats);
  const binary = formats.filter((f) => f.magic);
  const textual = formats.filter((f) => !f.magic);
  const unsupported = (why: string) =>
    new ApiError('unsupported_media_type', `${why} Accepted types: ${acceptedTypes}.`);
  const neither = `The file is neither ${either([...binary.map((f) => f.magic!.noun), 'UTF-8 text'])}.`;

  /**
   * Text in another encoding, as UTF-8: UTF-16 with its byte-order mark, and bytes that are not
   * UTF-8 but hold no NUL read as Windows-1252 (what Excel and older editors save; Latin-1 is a
   * subset). Binary formats, UTF-8 and binary content come back as they are.
   */
  function asUtf8(bytes: Uint8Array): Uint8Array {
    if (binary.some((f) => startsWith(bytes, f.magic!.bytes))) return bytes;
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
   * Decides a file's media type from its content: magic bytes for the binary formats, strict
   * UTF-8 without NUL for the text formats. The name's extension only chooses between text
   * formats (without one, the first lines do: a signature such as HTML's or JSON's before a
   * hint such as Markdown's heading line, else plain text), and a name that promises another
   * kind of file than the bytes are is refused (an executable named `.pdf`).
   */
  function detectMediaType(bytes: Uint8Array, filename: string | undefined): string {
    const ext = /\.([a-z0-9]{1,10})$/i.exec(filename ?? '')?.[1]?.toLowerCase();
    const named = ext ? formatOfExtension(ext) : undefined;
    for (const format of binary) {
      const magic = format.magic!;
      if (!startsWith(bytes, magic.bytes)) continue;
      const confirmed = magic.confirm?.(bytes) ?? true;
      if (confirmed !== true) throw unsupported(confirmed);
      if (ext && named !== format) throw unsupported(`The file is ${magic.noun} but is named .${ext}.`);
      return format.mediaType;
    }
    if (named?.magic) throw unsupported(`The file is named .${ext} but its content is not.`);
    if (ext && !named) throw unsupported(`.${ext} files are not accepted.`);
    const head = bytes.subarray(0, 64 * 1024);
    if (head.includes(0)) throw unsupported('The file is binary.');
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.byteLength > head.byteLength ? bytes : head);
    } catch {
      throw unsupported(neither);
    }
    if (named) return named.mediaType;
    text = text.replace(/^\uFEFF/, '');
    const sniffed = textual.map((f) => [f, f.sniff?.(text)] as const);
    const found = sniffed.find(([, s]) => s === 'signature') ??
      sniffed.find(([, s]) => s === 'hint') ?? [formats.find((f) => f.fallback)];
    if (!found[0]) throw unsupported('The file’s kind cannot be told without an extension.');
    return found[0].mediaType;
  }

  return { asUtf8, detectMediaType, unsupported };
}

export const { asUtf8, detectMediaType } = detectorOf(FORMATS);
