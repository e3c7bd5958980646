import { describe, expect, it } from 'vitest';
import { resolveMarkdownLinks } from '@/lib/knowledge/formats';

const ADDRESS = 'https://docs.example.com/handbook/README.md';
const resolved = (markdown: string) => resolveMarkdownLinks(markdown, ADDRESS);

describe('resolveMarkdownLinks', () => {
  it('writes relative links, images and link reference definitions whole, against the address the file was fetched from', () => {
    expect(
      resolved(
        'See the [VPN guide](vpn/setup.md "Setup"), [the policy](../policy.md) and [forms](/forms/).\n\n![Logo](img/logo.png)\n\n[faq]: faq.md',
      ),
    ).toBe(
      'See the [VPN guide](https://docs.example.com/handbook/vpn/setup.md "Setup"), [the policy](https://docs.example.com/policy.md) and [forms](https://docs.example.com/forms/).\n\n' +
        '![Logo](https://docs.example.com/handbook/img/logo.png)\n\n[faq]: https://docs.example.com/handbook/faq.md',
    );
  });

  it('keeps whole addresses, mail links and places in the file as written; a link to a place in the file by its name becomes #fragment', () => {
    expect(
      resolved(
        'Mail [IT](mailto:it@example.com), read [the spec](HTTP://Example.org/a_b), [limits](#limits), [usage](README.md#usage), [up](./#top).',
      ),
    ).toBe(
      'Mail [IT](mailto:it@example.com), read [the spec](HTTP://Example.org/a_b), [limits](#limits), [usage](#usage), [up](https://docs.example.com/handbook/#top).',
    );
  });

  it('leaves code alone: fenced and indented blocks and code spans are examples, not links', () => {
    const code =
      '```md\nA [link](in/fence.md)\n\nstill [code](fence2.md)\n```\n\n    [indented](code.md)\n\nA `[span](span.md)` and a [real one](real.md).';
    expect(resolved(code)).toBe(code.replace('(real.md)', '(https://docs.example.com/handbook/real.md)'));
  });

  it('reads escapes and character references in an address, and writes what would end it or a table cell percent-encoded', () => {
    expect(
      resolved(
        '| Form | Where |\n| --- | --- |\n| VPN | [form](forms/a\\|b&amp;c.md) |\n\n[spaced](<my notes/a (1).md>) [^1]\n\n[^1]: a footnote, not/a/link.md',
      ),
    ).toBe(
      '| Form | Where |\n| --- | --- |\n| VPN | [form](https://docs.example.com/handbook/forms/a%7Cb&c.md) |\n\n' +
        '[spaced](<https://docs.example.com/handbook/my%20notes/a%20%281%29.md>) [^1]\n\n[^1]: a footnote, not/a/link.md',
    );
  });

  it('leaves a paragraph too long to be prose as written, and resolves the next', () => {
    const dump = `[first](a.md) ${'x '.repeat(200_000)}`;
    expect(resolved(`${dump}\n\nThe [guide](guide.md).`)).toBe(
      `${dump}\n\nThe [guide](https://docs.example.com/handbook/guide.md).`,
    );
  });

  it('changes nothing without a web address to resolve against', () => {
    const markdown = 'The [guide](guide.md).';
    expect(resolveMarkdownLinks(markdown, 'file:///tmp/README.md')).toBe(markdown);
    expect(resolveMarkdownLinks(markdown, 'not an address')).toBe(markdown);
  });
});
