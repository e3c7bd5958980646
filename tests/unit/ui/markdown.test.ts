import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown, safeUrl } from '@/components/chat/markdown';
import { describeLocation, type Citation } from '@/components/chat/types';

const citation = (title: string): Citation => ({
  n: 1,
  sourceId: '01900000-0000-7000-8000-000000000001',
  chunkId: '01900000-0000-7000-8000-000000000002',
  title,
  snippet: 'A passage.',
  location: { start: 0, end: 10 },
});

const render = (text: string, citations: Citation[] = []) =>
  renderToStaticMarkup(createElement(Markdown, { text, citations }));

describe('reply Markdown', () => {
  it.each([
    ['<script>alert(1)</script>', '<script'],
    ['<img src=x onerror=alert(1)>', '<img'],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', '<iframe'],
    ['<svg onload=alert(1)></svg>', '<svg'],
  ])('shows raw HTML %s as text, never as markup', (input, tag) => {
    const html = render(input);
    expect(html).not.toContain(tag);
    expect(html).toContain('&lt;');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
    '//evil.example/x',
  ])('drops the link target %s', (url) => {
    const html = render(`[click](${url})`);
    expect(html).not.toMatch(/href=/);
    expect(html).toContain('click');
  });

  it('keeps web links, opening them safely in a new tab', () => {
    expect(render('[docs](https://example.com/a)')).toContain(
      'href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow"',
    );
  });

  // Checklist 40: where the browser would resolve a link elsewhere than its source spells out.
  it.each([
    ['no slashes', '[a](https:evil.example/?q=SECRET)'],
    ['an entity in the scheme', '[a](h&#116;tp://evil.example/?q=SECRET)'],
    ['an autolink without slashes', '<https:evil.example/?q=SECRET>'],
    ['a reference-style definition', '[a][r]\n\n[r]: https:evil.example/?q=SECRET'],
    ['a bare www address', 'a www.evil.example/?q=SECRET'],
    ['an entity in the path', '[a](https://evil.example/&#63;q=SECRET)'],
    ['a protocol-relative address', '[a](//evil.example/?q=SECRET)'],
  ])('makes no link of %s', (_, text) => {
    const html = render(text);
    expect(html).not.toContain('<a');
    expect(html).toContain('a');
  });

  it.each([
    ['[docs](https://example.com/a "The docs")', 'https://example.com/a'],
    ['[docs](<https://example.com/a b>)', 'https://example.com/a%20b'],
    ['See <https://example.com/a>.', 'https://example.com/a'],
    ['See https://example.com/a.', 'https://example.com/a'],
    ['See HTTPS://EXAMPLE.com/a.', 'HTTPS://EXAMPLE.com/a'],
    ['[mail](mailto:hr@example.com)', 'mailto:hr@example.com'],
  ])('keeps the link %s to the address it spells out', (text, href) => {
    expect(render(text)).toContain(`href="${href}"`);
  });

  it('loads images only from this site', () => {
    expect(render('![chart](/logo.png)')).toContain('<img src="/logo.png"');
    const foreign = render('![tracker](https://evil.example/p.png?q=secret)');
    expect(foreign).not.toContain('<img');
    expect(foreign).toContain('[image: tracker]');
  });

  it('turns [n] into citation buttons only when a citation n exists, and never inside code', () => {
    const html = render('Flush every 412 hours [1]. Not a source [3]. `array[1]`', [citation('Manual')]);
    expect(html.match(/data-testid="citation-link"/g)).toHaveLength(1);
    expect(html).toContain('aria-label="Source 1: Manual"');
    expect(html).toContain('[3]');
    expect(html).toContain('<code>array[1]</code>');
  });

  it('keeps a citation chip on one line with the word before it and the punctuation after it', () => {
    const html = render('Text streams work with useChat [1]. Both hooks [1] [2], and *more* [2]!', [
      citation('Protocols'),
      citation('Hooks'),
    ]);
    expect(html.replace(/<button[^>]*>(\d+)<\/button>/g, '[$1]')).toContain(
      '<p dir="auto">Text streams work with <span class="whitespace-nowrap">useChat [1].</span> Both <span class="whitespace-nowrap">hooks [1] [2],</span> and <em>more</em><span class="whitespace-nowrap"> [2]!</span></p>',
    );
  });

  it('gives each paragraph and list item its own direction, so right-to-left text and overrides stay inside it', () => {
    const html = render('مرحبا بالعالم\n\n- item \u202Eevil\n- next');
    expect(html).toContain('<p dir="auto">مرحبا بالعالم</p>');
    expect(html.match(/<li dir="auto">/g)).toHaveLength(2);
  });

  it('names where a passage sits, leaving out a top heading that only repeats the title', () => {
    expect(
      describeLocation({
        title: 'Stream Protocols',
        location: { headings: ['Stream Protocols', 'Text streams'], page: 3, start: 0, end: 1 },
      }),
    ).toBe('Text streams · p. 3');
    expect(describeLocation({ title: 'Manual', location: { page: 3, pageEnd: 4, start: 0, end: 1 } })).toBe('pp. 3–4');
    expect(
      describeLocation({ title: 'stream protocols ', location: { headings: ['Stream Protocols'], start: 0, end: 1 } }),
    ).toBe('');
    expect(describeLocation({ title: 'Manual', location: { headings: ['Setup', 'Disks'], start: 0, end: 1 } })).toBe(
      'Setup › Disks',
    );
    // Headings are Markdown as written: shown as their words.
    const marked = [
      'Generating Text',
      '`streamText` and **`onChunk`**',
      'See [the guide](https://example.com/guide) for _more_',
      'snake_case_name',
      'The \\*.desktop files',
    ];
    expect(describeLocation({ title: 'Generating Text', location: { headings: marked, start: 0, end: 1 } })).toBe(
      'streamText and onChunk › See the guide for more › snake_case_name › The *.desktop files',
    );
  });

  it('renders GFM tables and highlighted code blocks', () => {
    const html = render('| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nconst x = "y"; // note\n```');
    expect(html).toContain('<table>');
    expect(html).toContain('<span class="tok-keyword">const</span>');
    expect(html).toContain('<span class="tok-comment">// note</span>');
  });
});

describe('safeUrl', () => {
  it.each([
    ['https://a.example/x', 'https://a.example/x'],
    ['mailto:a@b.example', 'mailto:a@b.example'],
    ['#cite-1', '#cite-1'],
    ['javascript:alert(1)', ''],
    ['/\\evil.example', ''],
    ['docs/overview', ''],
  ])('%s → %s', (input, output) => expect(safeUrl(input, 'href')).toBe(output));

  it('keeps a path of this site as an image source, and makes a link to one plain text', () => {
    expect(safeUrl('/logo.png', 'src')).toBe('/logo.png');
    expect(safeUrl('/docs/foundations/overview', 'href')).toBe('');
    const html = renderToStaticMarkup(
      createElement(Markdown, { text: 'See [the overview](/docs/foundations/overview).', citations: [] }),
    );
    expect(html).not.toContain('<a');
    expect(html).toContain('the overview');
  });
});
