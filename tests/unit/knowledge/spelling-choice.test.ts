import { describe, expect, it } from 'vitest';
import { englishCount } from '@/lib/english-words';
import {
  chooseCorrection,
  correctable,
  englishNeighbours,
  englishSurface,
  isEnglishWord,
  stemOf,
  type SpellingCandidate,
} from '@/lib/knowledge/index';
import { withCorrections } from '@/lib/ai/question-plan';

// The choice as the database hands it candidates: index terms near the word, counted in the reach.
function choose(word: string, candidates: Omit<SpellingCandidate, 'surface' | 'soundsAlike'>[], sounds: string[] = []) {
  return chooseCorrection({
    word,
    stem: stemOf(word.toLowerCase()),
    candidates: candidates.map((c) => ({
      ...c,
      surface: englishSurface(c.term, word.toLowerCase()),
      soundsAlike: sounds.includes(c.term),
    })),
    isWord: isEnglishWord,
    englishCount,
  })?.correction;
}

describe('chooseCorrection', () => {
  it('corrects a word English does not have to the index term it misspells, spelt as a word', () => {
    expect(choose('expences', [{ term: 'expens', df: 12 }])).toBe('expenses');
    expect(choose('recieve', [{ term: 'receiv', df: 3 }])).toBe('receive');
    expect(choose('laptp', [{ term: 'laptop', df: 5 }])).toBe('laptop');
  });

  it('weighs near terms by how often the index has them', () => {
    // "expences" is one edit from the stems of both "expenses" and "expends".
    expect(
      choose('expences', [
        { term: 'expend', df: 2 },
        { term: 'expens', df: 40 },
      ]),
    ).toBe('expenses');
    expect(
      choose('expences', [
        { term: 'expend', df: 40 },
        { term: 'expens', df: 2 },
      ]),
    ).toMatch(/^expend/);
    // One edit fewer outweighs a frequency that is not a thousand times higher.
    expect(
      choose('laptp', [
        { term: 'lap', df: 900 },
        { term: 'laptop', df: 2 },
      ]),
    ).toBe('laptop');
  });

  it('leaves a real English word the index lacks alone, however near an index word is', () => {
    expect(choose('taxes', [{ term: 'take', df: 500 }])).toBeUndefined();
    expect(choose('cancellation', [{ term: 'cancel', df: 50 }])).toBeUndefined();
  });

  it('takes a real word for the commoner word it sounds like, one letter away ("loose" for "lose")', () => {
    expect(choose('loose', [{ term: 'lose', df: 4 }], ['lose'])).toBe('lose');
    // Not when they sound apart, nor when the word asked is the commoner one.
    expect(choose('loose', [{ term: 'lose', df: 4 }])).toBeUndefined();
    expect(choose('lose', [{ term: 'loos', df: 4 }], ['loos'])).toBeUndefined();
    // Nor for one of the commonest words, which would tell search nothing.
    expect(choose('hole', [{ term: 'whole', df: 40 }], ['whole'])).toBeUndefined();
  });

  it('never touches short words, numbers or code names', () => {
    expect(choose('teh', [{ term: 'the', df: 100 }])).toBeUndefined();
    expect(choose('genrateText', [{ term: 'generatetext', df: 10 }])).toBeUndefined();
    expect(correctable('2024')).toBe(false);
    expect(correctable('v2beta')).toBe(false);
    expect(correctable('streamText')).toBe(false);
    expect(correctable('Expences')).toBe(true);
  });

  it('never picks a term too far, or one with no spelling known', () => {
    expect(choose('expences', [{ term: 'expert', df: 99 }])).toBeUndefined();
    expect(
      chooseCorrection({
        word: 'kubernets',
        stem: 'kubernet',
        candidates: [{ term: 'kuberneti', df: 3, soundsAlike: false }],
        isWord: isEnglishWord,
        englishCount,
      }),
    ).toBeUndefined();
    // A stem one edit away is not enough when the word is two: "wifi" is not "wily" (stem "wili").
    expect(choose('wifi', [{ term: 'wili', df: 4 }])).toBeUndefined();
  });
});

describe('englishNeighbours', () => {
  it('are the commoner English words one edit away: what a real word may be a slip for', () => {
    expect(englishNeighbours('loose')).toContain('lose');
    expect(englishNeighbours('taxes')).toContain('takes');
    expect(englishNeighbours('lose')).not.toContain('loose');
  });
});

describe('withCorrections', () => {
  it('replaces whole words only, keeping a capital', () => {
    const fix = [{ word: 'expences', correction: 'expenses' }];
    expect(withCorrections('Expences? my expences, expencesX', fix)).toBe('Expenses? my expenses, expencesX');
  });
});
