import { defineFormat } from '../format';

/** PNG image: a scan or a photo of a document, read by OCR (parse-image.ts) in the parse pool. */
export const png = defineFormat({
  name: 'png',
  label: 'PNG',
  mediaType: 'image/png',
  extensions: ['png'],
  magic: { bytes: '\u0089PNG\r\n\u001a\n', noun: 'a PNG image' },
  heavy: true,
});
