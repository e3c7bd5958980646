import type { Source } from './types';

/** "OCR · 93 %" under the kind of a source OCR read (a scan, a photo): its words' mean confidence. */
export function OcrNote({ metadata }: { metadata: Source['metadata'] }) {
  const ocr = metadata.ocr as { pages?: unknown; confidence?: unknown } | null | undefined;
  if (typeof ocr?.confidence !== 'number') return null;
  const pages = typeof ocr.pages === 'number' ? ocr.pages : 1;
  const confidence = Math.round(ocr.confidence);
  return (
    <span
      className="block text-xs"
      data-testid="source-ocr"
      title={`${pages} ${pages === 1 ? 'page' : 'pages'} read by OCR; its words' mean confidence ${confidence} %`}
    >
      OCR · {confidence} %
    </span>
  );
}
