import { describe, expect, it } from 'vitest';
import { formatBytes } from '@/lib/format-bytes';

describe('formatBytes', () => {
  it('says a size in the unit people read, to a tenth, without a trailing .0', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(100_000)).toBe('97.7 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
  });
});
