import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http/api-error';
import { asUtf8, detectMediaType } from '@/lib/knowledge/formats';

const enc = (s: string) => new TextEncoder().encode(s);

describe('detectMediaType', () => {
  it.each([
    ['a.txt', 'hello', 'text/plain'],
    ['a.md', '# Title', 'text/markdown'],
    ['page.mdx', '# Title\n\n<Note>hi</Note>', 'text/mdx'],
    ['a.html', '<p>x</p>', 'text/html'],
    ['a.csv', 'a,b\n1,2', 'text/csv'],
    ['a.json', '{"a":1}', 'application/json'],
    ['a.jsonl', '{"text":"a"}', 'application/jsonl'],
    [undefined, '<!doctype html><html></html>', 'text/html'],
    [undefined, '{"a": [1]}', 'application/json'],
    [undefined, 'just text', 'text/plain'],
    [undefined, '---\ntitle: Guide\n---\nSome text.', 'text/markdown'],
    [undefined, 'Intro line.\n\n## Setup\nSteps.', 'text/markdown'],
    [undefined, 'Issue #12 is fixed.\n#hashtag', 'text/plain'],
    ['report.pdf', '%PDF-1.7\n...', 'application/pdf'],
  ])('%s → %s', (name, content, type) => {
    expect(detectMediaType(enc(content), name)).toBe(type);
  });

  it.each([
    ['an executable named .pdf', 'invoice.pdf', new Uint8Array([0x4d, 0x5a, 0x90, 0])],
    ['a PDF named .txt', 'notes.txt', enc('%PDF-1.4')],
    ['a zip that is not a DOCX', 'a.docx', new Uint8Array([0x50, 0x4b, 3, 4, 1, 2])],
    ['an unknown extension', 'a.exe', enc('MZ')],
    ['binary with NUL', 'a.txt', new Uint8Array([104, 0, 105])],
    ['invalid UTF-8', 'a.md', new Uint8Array([0xff, 0xfe, 0xfd])],
  ])('415 for %s', (_what, name, bytes) => {
    try {
      detectMediaType(bytes, name);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).status).toBe(415);
      expect((e as ApiError).message).toContain(
        'Accepted types: .txt, .md, .mdx, .html, .pdf, .docx, .csv, .json, .jsonl',
      );
    }
  });

  it('reads UTF-16 with a byte-order mark and non-UTF-8 text as Windows-1252, leaving UTF-8, PDF and binary alone', () => {
    const text = (b: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(b);
    expect(text(asUtf8(new Uint8Array([0xff, 0xfe, 0x43, 0, 0xe9, 0])))).toBe('Cé');
    expect(text(asUtf8(new Uint8Array([0xfe, 0xff, 0, 0x43, 0, 0xe9])))).toBe('Cé');
    expect(text(asUtf8(new Uint8Array([0x52, 0x65, 0x6e, 0xe9, 0x65, 0x20, 0x80])))).toBe('Renée €');
    const utf8 = enc('déjà vu');
    expect(asUtf8(utf8)).toBe(utf8);
    const pdf = enc('%PDF-1.7 \xff');
    expect(asUtf8(pdf)).toBe(pdf);
    const binary = new Uint8Array([0x4d, 0x5a, 0, 0xff]);
    expect(asUtf8(binary)).toBe(binary);
  });
});
