import { describe, expect, it } from 'vitest';
import { partOf, sampleTydi, titleOf, type TydiQuestion } from '@/bench/answers/tydi-data';
import {
  bestOverlapSentence,
  containsAnswer,
  firstSentence,
  normalizeAnswer,
  wordCount,
} from '@/bench/answers/tydi-score';

describe('TyDi scoring', () => {
  it('normalises as SQuAD does: case, punctuation and the articles a, an, the (as words only)', () => {
    expect(normalizeAnswer('The Galo de Barcelos (Rooster of Barcelos)')).toBe('galo de barcelos rooster of barcelos');
    expect(normalizeAnswer('  An “Atheneum”   theatre, a THEME  ')).toBe('atheneum theatre theme');
  });

  it('finds a gold answer in a reply despite articles, punctuation and case, but only as whole words', () => {
    expect(containsAnswer('It lies in United States.', ['the United States'])).toBe(true);
    expect(containsAnswer('He was born on 10 July, 1856 in Smiljan.', ['10 July 1856'])).toBe(true);
    expect(containsAnswer('a Serbian-American inventor', ['Serbian'])).toBe(true);
    expect(containsAnswer('PARIS is the capital.', ['Paris'])).toBe(true);
    expect(containsAnswer('Over 100 people came.', ['10'])).toBe(false);
    expect(containsAnswer('The mayor spoke.', ['may'])).toBe(false);
    expect(containsAnswer('The end.', ['The'])).toBe(false); // an answer that normalises to nothing is no answer
    expect(containsAnswer('It opened in 1953.', ['June 15, 1953', '1953'])).toBe(true);
  });

  it('takes the first sentence as a reader sees it: no citation markers or link targets, abbreviations kept whole', () => {
    expect(firstSentence('Dr. Smith founded it in 1856 [1]. He died in 1901 [2].')).toBe(
      'Dr. Smith founded it in 1856.',
    );
    expect(firstSentence('It moved to the U.S. in 1884 [1][2]. Then it grew.')).toBe('It moved to the U.S. in 1884.');
    expect(firstSentence('See [the guide](https://example.com/a.b?c=1) first. Then ask.')).toBe('See the guide first.');
    expect(firstSentence('')).toBe('');
    // The answer in a later sentence counts for the reply, not for its first sentence.
    const reply = 'Tesla was an inventor [1]. He was born in Smiljan [1].';
    expect(containsAnswer(reply, ['Smiljan'])).toBe(true);
    expect(containsAnswer(firstSentence(reply), ['Smiljan'])).toBe(false);
  });

  it('counts a reply’s words without its citation markers', () => {
    expect(wordCount('Paris is the capital [1][2].')).toBe(4);
    expect(wordCount('Paris is the capital [1] [2] of France.')).toBe(6);
  });

  it('picks the sentence sharing the most question words, word forms and stop words aside', () => {
    const paragraph = 'Railways are common in the region. The first railway opened in 1830. It was a success.';
    expect(bestOverlapSentence('When did the railways open?', paragraph)).toBe('The first railway opened in 1830.');
  });
});

describe('TyDi split and sample', () => {
  const question = (id: number, context: string): TydiQuestion => ({
    id: String(id),
    question: `q${id}`,
    answers: ['x'],
    context,
  });
  const all = Array.from({ length: 400 }, (_, i) => question(i, `paragraph ${i % 150} about something`));

  it('puts a paragraph and all its questions in one part, about half of the paragraphs in each', () => {
    const tune = new Set(all.filter((q) => partOf(q.context) === 'tune').map((q) => q.context));
    const report = new Set(all.filter((q) => partOf(q.context) === 'report').map((q) => q.context));
    expect([...tune].some((c) => report.has(c))).toBe(false);
    expect(tune.size).toBeGreaterThan(50);
    expect(report.size).toBeGreaterThan(50);
  });

  it('samples the same questions every time, one per paragraph, a smaller sample being a prefix of a larger', () => {
    const sample = sampleTydi(all, 'tune', 40);
    expect(sampleTydi([...all].reverse(), 'tune', 40)).toEqual(sample);
    expect(new Set(sample.map((q) => q.context)).size).toBe(40);
    expect(sample.every((q) => partOf(q.context) === 'tune')).toBe(true);
    expect(sampleTydi(all, 'tune', 10)).toEqual(sample.slice(0, 10));
  });

  it('titles a paragraph by its first eight words', () => {
    expect(titleOf(' One two three four five six seven eight nine ten')).toBe(
      'One two three four five six seven eight',
    );
  });
});
