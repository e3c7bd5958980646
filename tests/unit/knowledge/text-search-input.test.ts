import { describe, expect, it } from 'vitest';
import { forTextSearch, forTextSearchIfChanged } from '@/lib/knowledge/index';

describe('forTextSearch (what to_tsvector reads)', () => {
  it('leaves text of words, names and addresses as it is', () => {
    const text = 'Call `streamText` with max_tokens: see https://example.com/docs/some_page_name.html?x=1 for more.';
    expect(forTextSearch(text)).toBe(text);
    expect(forTextSearchIfChanged(text)).toBeNull();
  });

  it('puts a space after every 256 characters of a longer run, and nowhere else', () => {
    const run = 'a_'.repeat(300);
    const broken = forTextSearch(`start ${run} end`);
    expect(broken.split(' ').map((piece) => piece.length)).toEqual([5, 256, 256, 88, 3]);
    expect(broken.replaceAll(' ', '')).toBe(`start${run}end`);
    expect(forTextSearchIfChanged(run)).toBe(forTextSearch(run));
  });
});
