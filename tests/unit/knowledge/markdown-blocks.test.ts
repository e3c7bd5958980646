import { describe, expect, it } from 'vitest';
import { chunkText, markdownBlocks } from '@/lib/knowledge/index';

describe('markdownBlocks', () => {
  it('reads headings, blocks, tables and fenced code from the tree, once', () => {
    const text = [
      '# Guide',
      '',
      'Intro.',
      '```sh',
      '# not a heading',
      '```',
      '',
      'A line',
      '---',
      '',
      '| name | value |',
      '| - | - |',
      '| a | 1 |',
      '',
      '- one',
      '',
      '- two',
      '',
      '  more of two',
    ].join('\n');
    const doc = markdownBlocks(text);
    expect(doc.headings.map((h) => [h.depth, h.title])).toEqual([[1, 'Guide']]);
    expect(doc.blocks.map((b) => [b.kind, text.slice(b.start, b.end)])).toEqual([
      ['heading', '# Guide'],
      ['paragraph', 'Intro.'],
      ['code', '```sh\n# not a heading\n```'],
      // (a line over a rule is a setext heading to CommonMark: a block, but no section of its own)
      ['heading', 'A line\n---'],
      ['table', '| name | value |\n| - | - |\n| a | 1 |'],
      ['list', '- one'],
      ['list', '- two'],
      ['list', 'more of two'],
    ]);
    expect(doc.fences.map(([from, to]) => text.slice(from, to))).toEqual(['```sh\n# not a heading\n```']);
    expect(doc.tables).toEqual([
      { header: '| name | value |\n| - | - |', body: text.indexOf('| a |'), end: text.indexOf('| a | 1 |') + 9 },
    ]);
  });
});

describe('markdownBlocks, where lines alone do not say it', () => {
  it('keeps link definitions as blocks, fences in quotes from their marks, and CRLF lines', () => {
    const text = [
      'See [the guide][g].',
      '',
      '[g]: https://example.com/guide',
      '',
      '> ```js',
      '> run()',
      '> ```',
      '',
      '    indented code',
      '',
      '- tight',
      '- list',
    ].join('\r\n');
    const doc = markdownBlocks(text);
    expect(doc.blocks.map((b) => [b.kind, text.slice(b.start, b.end)])).toEqual([
      ['paragraph', 'See [the guide][g].'],
      ['other', '[g]: https://example.com/guide'],
      ['quote', '> ```js\r\n> run()\r\n> ```'],
      ['code', '    indented code'],
      ['list', '- tight\r\n- list'],
    ]);
    expect(doc.fences.map(([from, to]) => text.slice(from, to))).toEqual(['```js\r\n> run()\r\n> ```']);
  });
});

describe('chunks keep their block structure', () => {
  it('names the kinds of block each chunk holds, and its heading path', () => {
    const text =
      '# Setup\n\nRun it:\n\n```sh\nnpm start\n```\n\n## Limits\n\n| plan | GB |\n| --- | --- |\n| free | 5 |\n\n- one\n- two';
    const chunks = chunkText(text, { targetTokens: 200, overlapTokens: 0 });
    expect(chunks.map((c) => [c.location.headings, c.blocks])).toEqual([
      [['Setup'], ['heading', 'paragraph', 'code']],
      [
        ['Setup', 'Limits'],
        ['heading', 'table', 'list'],
      ],
    ]);
  });
});
