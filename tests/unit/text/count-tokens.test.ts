import { describe, expect, it } from 'vitest';
import { countTokens, wordsInModelTokens } from '@/lib/text/count-tokens';

describe('countTokens', () => {
  it('counts whitespace-separated words', () => {
    expect(countTokens(' a b\tc\n')).toBe(3);
    expect(countTokens('')).toBe(0);
    expect(countTokens('St. Paul, c. 1500')).toBe(4);
  });

  it('converts a budget of model tokens into words', () => {
    expect(wordsInModelTokens(3000)).toBe(2250);
    expect(wordsInModelTokens(1)).toBe(0);
  });
});
