import { defineFormat } from '../format';

/** PDF: laid-out pages read by PDF.js (parse-pdf.ts), always in the parse pool. */
export const pdf = defineFormat({
  name: 'pdf',
  label: 'PDF',
  mediaType: 'application/pdf',
  extensions: ['pdf'],
  magic: { bytes: '%PDF-', noun: 'a PDF' },
  heavy: true,
});
