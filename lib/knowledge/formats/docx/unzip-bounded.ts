import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { ExtractionError, expandsTooMuch } from '../extracted-document';

export interface ZipLimits {
  maxEntries: number;
  /** What all entries may expand to together (MAX_EXPANDED_BYTES). */
  maxExpandedBytes: number;
  /** Sees each piece a kept entry inflates to; a message it returns refuses the archive. */
  inspect?: (name: string, piece: Uint8Array) => string | undefined;
}

/**
 * Inflates the entries `keep` selects. An archive whose central directory declares more
 * entries or bytes than the limits is refused before anything is inflated; as headers can
 * lie, the bytes actually produced are counted too, the archive fed in small pieces so one
 * push never expands into more than a few MB. A zip bomb stops at the cap.
 */
export function unzipBounded(
  bytes: Uint8Array,
  keep: (name: string) => boolean,
  limits: ZipLimits,
): Map<string, Uint8Array> {
  const declared = readCentralDirectory(bytes);
  if (declared && declared.entries > limits.maxEntries)
    throw new ExtractionError(`The archive has more than ${limits.maxEntries} entries.`);
  if (declared && declared.bytes > limits.maxExpandedBytes) throw expandsTooMuch(limits.maxExpandedBytes);
  const files = new Map<string, Uint8Array[]>();
  let entries = 0;
  let inflated = 0;
  let failure: string | ExtractionError | undefined;
  const unzip = new Unzip((file: UnzipFile) => {
    entries++;
    if (entries > limits.maxEntries) {
      failure ??= `The archive has more than ${limits.maxEntries} entries.`;
      return;
    }
    if (failure || !keep(file.name)) return;
    const parts: Uint8Array[] = [];
    files.set(file.name, parts);
    file.ondata = (err, data) => {
      if (err) {
        failure ??= 'The archive is damaged.';
        return;
      }
      inflated += data.byteLength;
      failure ??=
        inflated > limits.maxExpandedBytes
          ? expandsTooMuch(limits.maxExpandedBytes)
          : limits.inspect?.(file.name, data);
      if (failure) return file.terminate();
      parts.push(data);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const PIECE = 4096;
  try {
    for (let at = 0; at < bytes.byteLength && !failure; at += PIECE) {
      unzip.push(bytes.subarray(at, Math.min(bytes.byteLength, at + PIECE)), at + PIECE >= bytes.byteLength);
    }
  } catch {
    failure ??= 'The archive is damaged.';
  }
  if (failure) throw failure instanceof ExtractionError ? failure : new ExtractionError(failure);
  const out = new Map<string, Uint8Array>();
  for (const [name, parts] of files) out.set(name, Buffer.concat(parts));
  return out;
}

/**
 * The number of entries and the sum of the uncompressed sizes the central directory declares
 * (ZIP64 sizes included), or undefined where it cannot be read (the streaming count still holds).
 */
function readCentralDirectory(bytes: Uint8Array): { entries: number; bytes: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is the last 22 bytes, before a comment of at most 64 KiB.
  const floor = Math.max(0, bytes.byteLength - 22 - 0xffff);
  let end = bytes.byteLength - 22;
  while (end >= floor && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < floor) return undefined;
  let at = view.getUint32(end + 16, true);
  let entries = 0;
  let total = 0;
  while (at + 46 <= bytes.byteLength && view.getUint32(at, true) === 0x02014b50) {
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    let size = view.getUint32(at + 24, true);
    if (size === 0xffffffff) size = zip64Size(view, at + 46 + nameLength, extraLength) ?? Infinity;
    entries++;
    total += size;
    at += 46 + nameLength + extraLength + view.getUint16(at + 32, true);
  }
  return { entries, bytes: total };
}

/** The uncompressed size in an entry's ZIP64 extra field (its first value when the 32-bit size is 0xffffffff). */
function zip64Size(view: DataView, start: number, length: number): number | undefined {
  for (let at = start; at + 4 <= start + length && at + 4 <= view.byteLength;) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === 0x0001 && size >= 8 && at + 12 <= view.byteLength) return Number(view.getBigUint64(at + 4, true));
    at += 4 + size;
  }
  return undefined;
}
