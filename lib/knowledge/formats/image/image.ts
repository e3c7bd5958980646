import { defineFormat } from '../format';

// Photos and scans of documents, read by OCR (parse-image.ts) in the parse pool.

export const png = defineFormat({
  name: 'png',
  label: 'PNG',
  mediaType: 'image/png',
  extensions: ['png'],
  magic: { bytes: '\u0089PNG\r\n\u001a\n', noun: 'a PNG image' },
  heavy: true,
});

export const jpeg = defineFormat({
  name: 'jpeg',
  label: 'JPEG',
  mediaType: 'image/jpeg',
  extensions: ['jpg', 'jpeg'],
  magic: { bytes: '\u00ff\u00d8\u00ff', noun: 'a JPEG image' },
  heavy: true,
});

export const tiff = defineFormat({
  name: 'tiff',
  label: 'TIFF',
  mediaType: 'image/tiff',
  extensions: ['tif', 'tiff'],
  // Intel (little-endian) and Motorola (big-endian) byte order.
  magic: { bytes: ['II*\u0000', 'MM\u0000*'], noun: 'a TIFF image' },
  heavy: true,
});
