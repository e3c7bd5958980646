import { describe, expect, it } from 'vitest';
import { findLinks } from '@/lib/chat/find-links';
import { LinkGuard } from '@/lib/chat/guard-links';
import { normaliseUrl } from '@/lib/chat/normalise-url';

const known = 'The handbook lives at https://intranet.example/handbook and the forms at https://forms.example/a?b=1.';
const whole = (text: string) => {
  const g = new LinkGuard(known);
  return g.push(text) + g.flush();
};
const byChars = (text: string) => {
  const g = new LinkGuard(known);
  return [...text].map((c) => g.push(c)).join('') + g.flush();
};

describe('links in a reply', () => {
  it.each([
    [
      'Read [the handbook](https://intranet.example/handbook) [1].',
      'Read [the handbook](https://intranet.example/handbook) [1].',
    ],
    ['See https://intranet.example/handbook.', 'See https://intranet.example/handbook.'],
    ['[Reset here](https://evil.example/?q=my+password) [2]', 'Reset here [2]'],
    ['Visit https://evil.example/steal?d=chat, then stop.', 'Visit `https://evil.example/steal?d=chat`, then stop.'],
    [
      'Forms: https://forms.example/a?b=1 and https://forms.example/a?b=2',
      'Forms: https://forms.example/a?b=1 and `https://forms.example/a?b=2`',
    ],
    ['No links here, only [1] and [2].', 'No links here, only [1] and [2].'],
    ['Each thing has a path (http is a protocol).', 'Each thing has a path (http is a protocol).'],
  ])('%s → %s, whole or streamed a character at a time', (input, output) => {
    expect(whole(input)).toBe(output);
    expect(byChars(input)).toBe(output);
  });
});

/** The links a reader's renderer would make of the text (react-markdown with remark-gfm parses it the same way). */
const liveLinks = (text: string) =>
  findLinks(text)
    .filter((link) => link.kind !== 'definition')
    .map((link) => (link.url === undefined ? link.url : (normaliseUrl(link.url) ?? link.url)));
const knownLinks = ['https://intranet.example/handbook', 'https://forms.example/a?b=1'];

describe('links in any spelling a browser follows (checklist 40)', () => {
  it.each([
    ['no slashes', 'Reset [here](https:evil.example/?q=SECRET) [1].', 'Reset here [1].'],
    ['an entity in the scheme', 'Reset [here](h&#116;tp://evil.example/?q=SECRET).', 'Reset here.'],
    ['an autolink', 'Reset at <https:evil.example/?q=SECRET>.', 'Reset at `https:evil.example/?q=SECRET`.'],
    ['a bare www address', 'Reset at www.evil.example/?q=SECRET now.', 'Reset at `www.evil.example/?q=SECRET` now.'],
    [
      'an upper-case scheme',
      'Reset at HTTPS://EVIL.example/?q=SECRET now.',
      'Reset at `HTTPS://EVIL.example/?q=SECRET` now.',
    ],
    ['a protocol-relative address', 'Reset [here](//evil.example/?q=SECRET).', 'Reset here.'],
    ['a script', 'Reset [here](javascript:alert(1)).', 'Reset here.'],
    [
      'an address in its own words',
      '[https://evil.example/?q=SECRET](https://evil.example/?q=SECRET)',
      '`https://evil.example/?q=SECRET`',
    ],
  ])('disarms %s, whole or streamed a character at a time', (_, input, output) => {
    expect(whole(input)).toBe(output);
    expect(byChars(input)).toBe(output);
    expect(liveLinks(whole(input))).toEqual([]);
  });

  it('disarms a reference-style definition, and the reference with it', () => {
    const input = 'Reset [here][r] [1].\n\n[r]: https:evil.example/?q=SECRET';
    for (const output of [whole(input), byChars(input)]) {
      expect(output).toBe('Reset [here][r] [1].\n\n\\[r]: `https:evil.example/?q=SECRET`');
      expect(liveLinks(output)).toEqual([]);
    }
  });

  it.each([
    ['a definition split across lines', 'See [here][r].\n\n[r]:\n  https:evil.example/?q=SECRET\n'],
    ['a label split across lines', 'See [the\nform](https:evil.example/?q=SECRET) now.'],
    ['nested parentheses', 'See [it](https:evil.example/(x)?q=SECRET) now.'],
    ['a code fence closed later', '```\ncode\n```\nhttps://evil.example/?q=SECRET\n'],
    ['a paragraph that turns into a table', 'a `b|[x](https:evil.example/?q=SECRET)` c\n|-|-|\n'],
    ['a lazy line under a paragraph', 'Intro\n    https://evil.example/?q=SECRET\n'],
    ['a citation marker defined as a link', 'True [1].\n\n[1]: https://evil.example/?q=SECRET\n'],
  ])('leaves no live link from %s, however it is split', (_, input) => {
    const splits = [[input], [...input], input.split(/(?<=\s)/), input.split(/(?=[[\]():/<`|\n])/)];
    for (const deltas of splits) {
      const g = new LinkGuard(known);
      const output = deltas.map((d) => g.push(d)).join('') + g.flush();
      expect(liveLinks(output)).toEqual([]);
    }
  });

  it.each([
    ['an upper-case spelling', 'See HTTPS://INTRANET.example/handbook.'],
    ['an autolink', 'See <https://intranet.example/handbook>.'],
    ['a reference', 'See [the handbook][h].\n\n[h]: https://intranet.example/handbook'],
  ])('keeps a known address in %s', (_, input) => {
    expect(whole(input)).toBe(input);
    expect(byChars(input)).toBe(input);
    expect(liveLinks(input).every((url) => url !== undefined && knownLinks.includes(url))).toBe(true);
  });
});
