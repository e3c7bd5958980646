import { describe, expect, it } from 'vitest';
import { clipAtWord, clipFileName, clipText } from '@/lib/clip-text';

describe('clipText and clipFileName', () => {
  it('never cut inside a character, and leave short text alone', () => {
    expect(clipText('ab😀c', 3)).toBe('ab');
    expect(clipText('ab😀c', 4)).toBe('ab😀');
    expect(clipText('short', 200)).toBe('short');
  });

  it('keep a file name’s extension', () => {
    expect(clipFileName(`${'x'.repeat(20)}.docx`, 10)).toBe('xxxxx.docx');
    expect(clipFileName(`${'x'.repeat(7)}😀.md`, 10)).toBe('xxxxxxx.md');
    expect(clipFileName('x'.repeat(20), 10)).toBe('x'.repeat(10));
  });

  it('cut a title at a word with an ellipsis, or between characters when one word is too long', () => {
    expect(clipAtWord('A guide to the Halvor lighthouse lamp and its keeper', 30)).toBe('A guide to the Halvor…');
    expect(clipAtWord(`${'x'.repeat(28)}😀yyy`, 30)).toBe(`${'x'.repeat(28)}…`);
  });
});
