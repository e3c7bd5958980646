import { defineFormat } from '../format';

/** TIFF image (its first page): a scan, read by OCR (parse-image.ts) in the parse pool. */
export const tiff = defineFormat({
  name: 'tiff',
  label: 'TIFF',
  mediaType: 'image/tiff',
  extensions: ['tif', 'tiff'],
  // Intel (little-endian) and Motorola (big-endian) byte order.
  magic: { bytes: ['II*\u0000', 'MM\u0000*'], noun: 'a TIFF image' },
  heavy: true,
});
