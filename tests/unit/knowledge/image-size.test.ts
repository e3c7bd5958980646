import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ocrDataOptions, readImageSize } from '@/lib/knowledge/formats';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const u32 = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u16 = (n: number) => [n >>> 8, n & 255];

const png = (w: number, h: number) =>
  bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], u32(13), 'IHDR', u32(w), u32(h), [8, 0, 0, 0, 0]);

describe('image sizes read from the header alone', () => {
  it('reads a PNG’s IHDR', () => {
    expect(readImageSize(png(2480, 3508))).toEqual({ width: 2480, height: 3508 });
    expect(readImageSize(png(20_000, 20_000))).toEqual({ width: 20_000, height: 20_000 });
  });

  it('reads a JPEG’s frame header after other segments and fill bytes, whichever SOF it is', () => {
    const app0 = [0xff, 0xe0, ...u16(16), ...'JFIF\0'.split('').map((c) => c.charCodeAt(0)), 1, 1, 0, 0, 1, 0, 1, 0, 0];
    for (const sof of [0xc0, 0xc2]) {
      const jpeg = bytes([0xff, 0xd8], app0, [0xff, 0xff, sof], u16(11), [8], u16(1754), u16(1240), [1, 1, 0x11, 0]);
      expect(readImageSize(jpeg)).toEqual({ width: 1240, height: 1754 });
    }
    // A Huffman table (C4) is not a frame: the size comes from the SOF after it.
    const dht = [0xff, 0xc4, ...u16(4), 0, 0];
    expect(
      readImageSize(bytes([0xff, 0xd8], dht, [0xff, 0xc0], u16(11), [8], u16(10), u16(20), [1, 1, 0x11, 0])),
    ).toEqual({ width: 20, height: 10 });
  });

  it('reads a TIFF’s first directory in either byte order, SHORT or LONG', () => {
    const entry = (tag: number, type: number, value: number) => [
      ...u16(tag),
      ...u16(type),
      ...u32(1),
      ...(type === 3 ? [...u16(value), 0, 0] : u32(value)),
    ];
    const big = bytes('MM', u16(42), u32(8), u16(2), entry(256, 3, 2550), entry(257, 4, 3300), u32(0));
    expect(readImageSize(big)).toEqual({ width: 2550, height: 3300 });
    const little = Uint8Array.from([
      0x49, 0x49, 42, 0, 8, 0, 0, 0, 2, 0, 0, 1, 4, 0, 1, 0, 0, 0, 0x20, 0x4e, 0, 0, 1, 1, 4, 0, 1, 0, 0, 0, 0x20, 0x4e,
      0, 0, 0, 0, 0, 0,
    ]);
    expect(readImageSize(little)).toEqual({ width: 20_000, height: 20_000 });
  });

  it('gives null for a header cut short, a zero size, or bytes of no image', () => {
    expect(readImageSize(png(100, 100).slice(0, 20))).toBeNull();
    expect(readImageSize(png(0, 100))).toBeNull();
    expect(readImageSize(bytes([0xff, 0xd8, 0xff, 0xda]))).toBeNull();
    expect(readImageSize(bytes('MM', u16(42), u32(4000)))).toBeNull();
    expect(readImageSize(bytes('%PDF-1.7'))).toBeNull();
  });
});

describe('OCR’s trained data', () => {
  it('is read from the installed package, gzipped, and never cached to disk or fetched', () => {
    const options = ocrDataOptions(['eng']);
    expect(options).toEqual({ langPath: expect.any(String), gzip: true, cacheMethod: 'none' });
    expect(path.isAbsolute(options.langPath)).toBe(true);
    expect(existsSync(path.join(options.langPath, 'eng.traineddata.gz'))).toBe(true);
  });
});
