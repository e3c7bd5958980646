import { defineFormat } from '../format';

/** JPEG image: a scan or a photo of a document, read by OCR (parse-image.ts) in the parse pool. */
export const jpeg = defineFormat({
  name: 'jpeg',
  label: 'JPEG',
  mediaType: 'image/jpeg',
  extensions: ['jpg', 'jpeg'],
  magic: { bytes: '\u00ff\u00d8\u00ff', noun: 'a JPEG image' },
  heavy: true,
});
