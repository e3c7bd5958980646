// An image's pixel dimensions from its header alone, so an image too large to decode is refused
// before a byte of it is decoded (a 30 kB PNG can declare 20,000 × 20,000 pixels).

export interface ImageSize {
  width: number;
  height: number;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The width and height a PNG, JPEG or TIFF declares, or null when its header cannot be read. */
export function readImageSize(bytes: Uint8Array): ImageSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (PNG.every((b, i) => bytes[i] === b)) return pngSize(bytes, view);
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes, view);
    if ((bytes[0] === 0x49 && bytes[1] === 0x49) || (bytes[0] === 0x4d && bytes[1] === 0x4d)) return tiffSize(view);
  } catch {
    // A header cut short reads past the end: DataView throws a RangeError.
  }
  return null;
}

/** PNG: the IHDR chunk comes first, width and height as big-endian 32-bit integers. */
function pngSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null;
  return positive(view.getUint32(16), view.getUint32(20));
}

/** JPEG: the first start-of-frame segment (SOF0–SOF15 but DHT, JPG and DAC) holds height then width. */
function jpegSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  let at = 2;
  while (at + 4 <= bytes.byteLength) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RST0–7; SOS/EOI before a frame means no frame at all.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = view.getUint16(at + 2);
    if (length < 2) return null;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return positive(view.getUint16(at + 7), view.getUint16(at + 5));
    at += 2 + length;
  }
  return null;
}

/** TIFF: the first image file directory's ImageWidth (256) and ImageLength (257), SHORT or LONG. */
function tiffSize(view: DataView): ImageSize | null {
  const little = view.getUint8(0) === 0x49;
  if (view.getUint16(2, little) !== 42) return null;
  const ifd = view.getUint32(4, little);
  const entries = view.getUint16(ifd, little);
  let width = 0;
  let height = 0;
  for (let i = 0; i < entries; i++) {
    const at = ifd + 2 + i * 12;
    const tag = view.getUint16(at, little);
    if (tag !== 256 && tag !== 257) continue;
    const type = view.getUint16(at + 2, little);
    const value = type === 3 ? view.getUint16(at + 8, little) : type === 4 ? view.getUint32(at + 8, little) : 0;
    if (tag === 256) width = value;
    else height = value;
  }
  return positive(width, height);
}

const positive = (width: number, height: number): ImageSize | null =>
  width > 0 && height > 0 ? { width, height } : null;
