import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OcrNote } from '@/components/admin/ocr-note';

const note = (metadata: Record<string, unknown>) => renderToStaticMarkup(createElement(OcrNote, { metadata }));

describe('the sources table’s OCR note', () => {
  it('shows a source OCR read with its mean confidence, and nothing for others', () => {
    const html = note({ team: 'ops', ocr: { pages: 3, confidence: 92.6 } });
    expect(html).toContain('OCR · 93 %');
    expect(html).toContain('3 pages read by OCR');
    expect(note({ team: 'ops' })).toBe('');
    expect(note({ ocr: 'yes' })).toBe('');
  });
});
