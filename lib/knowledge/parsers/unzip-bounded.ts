import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { ExtractionError } from './extracted-document';

export interface ZipLimits {
  maxEntries: number;
  /** Total bytes all kept entries may inflate to. */
  maxInflatedBytes: number;
}

/**
 * Inflates the entries `keep` selects while counting the bytes actually produced
 * (headers can lie about sizes), feeding the archive in small pieces so one
 * push can never expand into more than a few MB. A zip bomb stops at the cap.
 */
export function unzipBounded(bytes: Uint8Array, keep: (name: string) => boolean, limits: ZipLimits): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array[]>();
  let entries = 0;
  let inflated = 0;
  let failure: string | undefined;
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
      if (inflated > limits.maxInflatedBytes) {
        failure ??= `The archive inflates to more than ${limits.maxInflatedBytes} bytes (zip bomb?).`;
        file.terminate();
        return;
      }
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
  if (failure) throw new ExtractionError(failure);
  const out = new Map<string, Uint8Array>();
  for (const [name, parts] of files) out.set(name, Buffer.concat(parts));
  return out;
}
