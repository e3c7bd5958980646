import { describe, expect, it } from 'vitest';
import { sentenceSpans, splitSentences } from '@/lib/text/split-sentences';

describe('splitSentences', () => {
  it('does not cut after abbreviations, initials, circa or an open bracket', () => {
    expect(
      splitSentences(
        'Dr. Smith went to St. Paul. He met J. R. R. Tolkien, e.g. at No. 5 on 1 Jan 1700 [O.S. 21 Dec 1699]. Then c. 1500 it ended.',
      ),
    ).toEqual([
      'Dr. Smith went to St. Paul.',
      'He met J. R. R. Tolkien, e.g. at No. 5 on 1 Jan 1700 [O.S. 21 Dec 1699].',
      'Then c. 1500 it ended.',
    ]);
    expect(splitSentences('Apples vs. pears, i.e. fruit. See Fig. 3 and Mr. Brown (ca. 1900) too.')).toEqual([
      'Apples vs. pears, i.e. fruit.',
      'See Fig. 3 and Mr. Brown (ca. 1900) too.',
    ]);
  });

  it('still cuts where a sentence ends on such a word', () => {
    expect(splitSentences('He lived in the U.S. He left. The U.S. army paid. It said no. Then 5 more!')).toEqual([
      'He lived in the U.S.',
      'He left.',
      'The U.S. army paid.',
      'It said no.',
      'Then 5 more!',
    ]);
    expect(splitSentences('Is it so? Yes. A stray ( does not join. The rest.')).toEqual([
      'Is it so?',
      'Yes.',
      'A stray ( does not join.',
      'The rest.',
    ]);
  });

  it('reads a single line break as a space unless asked to keep lines', () => {
    const text = 'A line\nthat wraps. Next one.\n\nA new paragraph without a stop\nNo. 2';
    expect(splitSentences(text)).toEqual(['A line\nthat wraps.', 'Next one.', 'A new paragraph without a stop\nNo. 2']);
    expect(splitSentences('| a | b |\n| 1 | 2 |', { lines: true })).toEqual(['| a | b |', '| 1 | 2 |']);
    expect(splitSentences('no stop here\n\nnor here')).toEqual(['no stop here', 'nor here']);
    expect(splitSentences('It rose (P < 0.001).In brief, yes!No space.')).toEqual([
      'It rose (P < 0.001).In brief, yes!No space.',
    ]);
    expect(splitSentences('一つ。二つ。')).toEqual(['一つ。', '二つ。']);
  });

  it('ends a sentence before one that opens with code or emphasis, and after a unit', () => {
    expect(splitSentences('Options are listed below. `sync` copies each file. **Note:** it ends. see above.')).toEqual([
      'Options are listed below.',
      '`sync` copies each file.',
      '**Note:** it ends. see above.',
    ]);
    expect(splitSentences('The delay is 30 s. Errors are logged.')).toEqual([
      'The delay is 30 s.',
      'Errors are logged.',
    ]);
    expect(splitSentences('Use it for eg. `count(*)`. Then stop.')).toEqual([
      'Use it for eg. `count(*)`.',
      'Then stop.',
    ]);
  });

  it('gives marks alone no sentence of their own', () => {
    expect(splitSentences('Then run it. ~~~')).toEqual(['Then run it. ~~~']);
  });

  it('gives offsets into the text', () => {
    const text = '  First one.  Second  one. ';
    expect(sentenceSpans(text).map(({ start, end }) => [start, end, text.slice(start, end)])).toEqual([
      [2, 12, 'First one.'],
      [14, 26, 'Second  one.'],
    ]);
    expect(splitSentences('   ')).toEqual([]);
  });
});
