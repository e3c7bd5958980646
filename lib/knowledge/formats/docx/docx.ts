import { defineFormat } from '../format';

const MAIN_PART = new TextEncoder().encode('word/document.xml');

/** A ZIP's entry names are stored uncompressed: a Word document names its main part in a local header. */
function namesWordPart(bytes: Uint8Array): true | string {
  const first = MAIN_PART[0];
  for (let i = bytes.indexOf(first!); i >= 0; i = bytes.indexOf(first!, i + 1)) {
    if (MAIN_PART.every((b, j) => bytes[i + j] === b)) return true;
  }
  return 'The file is a ZIP archive but not a Word document.';
}

/** Word (DOCX): inflated within bounds and read by mammoth (parse-docx.ts), in the parse pool. */
export const docx = defineFormat({
  name: 'docx',
  label: 'DOCX',
  mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  extensions: ['docx'],
  magic: { bytes: 'PK\u0003\u0004', noun: 'a Word document', confirm: namesWordPart },
  heavy: true,
});
