import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseHtml } from '@/lib/knowledge/formats';
import { markdownPreview } from '@/lib/markdown-preview';
import { SourceMarkdown } from '@/components/chat/markdown';
import { markSegments, type TextMark } from '@/components/chat/remark-marks';

const render = (text: string, marks: TextMark[] = []) =>
  renderToStaticMarkup(createElement(SourceMarkdown, { text, marks }));
const range = (text: string, part: string, kind: TextMark['kind']): TextMark => {
  const start = text.indexOf(part);
  return { start, end: start + part.length, kind };
};

describe('a source shown as Markdown', () => {
  const doc =
    '# Leave\n\nStaff get **25 days** a year.\nUnused days lapse in March.\n\n- Carry over: 5 days\n- Notice: two weeks';

  it('marks the passage and, inside it, the snippet, by their offsets in the text', () => {
    const html = render(doc, [
      range(doc, 'Staff get **25 days** a year.\nUnused days lapse in March.', 'passage'),
      range(doc, 'Unused days lapse', 'snippet'),
    ]);
    expect(html).toContain('<h1>Leave</h1>');
    // The passage runs through the emphasis; the heading and the list outside it are not marked.
    expect(html).toMatch(
      /<span data-passage="" class="[^"]+">Staff get <\/span><strong><span data-passage="" class="[^"]+">25 days<\/span><\/strong>/,
    );
    expect(html).toMatch(
      /<span data-passage="" class="[^"]+"><mark data-testid="passage-highlight" class="[^"]+">Unused days lapse<\/mark><\/span><span data-passage="" class="[^"]+"> in March.<\/span>/,
    );
    expect(html).not.toMatch(/<h1><span data-passage/);
    expect(html).not.toMatch(/<li dir="auto"><span data-passage/);
  });

  it('shows a web page as the page shows it: its code as code, its own asterisks and angle brackets as written', () => {
    const { text } = parseHtml(
      '<!doctype html><title>Globs</title><main><p>Match *.tar.gz and 2*3*4 in &lt;MIME&gt;/globs2 with <code>fnmatch</code>.</p><pre><code class="language-sh">ls *.tar.gz\nls **/*.md</code></pre></main>',
    );
    const html = render(text);
    expect(html).toContain(
      '<p dir="auto">Match *.tar.gz and 2*3*4 in &lt;MIME&gt;/globs2 with <code>fnmatch</code>.</p>',
    );
    const code = /<pre[^>]*aria-label="sh example"[^>]*><code>([^]*?)<\/code><\/pre>/.exec(html)?.[1];
    expect(code?.replace(/<[^>]+>/g, '')).toBe('ls *.tar.gz\nls **/*.md');
    expect(html).not.toContain('<em>');
  });

  it('keeps the lines of a paragraph as lines', () => {
    expect(render(doc)).toContain('a year.<br/>\nUnused days');
  });

  it('marks a list item inside the passage, and nothing when no mark reaches the text', () => {
    expect(render(doc, [range(doc, 'Notice: two weeks', 'passage')])).toMatch(
      /<li dir="auto"><span data-passage="" class="[^"]+">Notice: two weeks<\/span><\/li>/,
    );
    expect(render(doc)).not.toMatch(/data-passage|<mark/);
  });

  it('marks inline code in a quoted table row, and leaves the other rows alone', () => {
    const table =
      '| Provider | Model | Tools |\n| --- | --- | --- |\n| OpenAI | `gpt-4o` | Check |\n| Anthropic | `claude-opus-4-1` | Cross |\n';
    const row = '| Anthropic | `claude-opus-4-1` | Cross |';
    const html = render(table, [range(table, row, 'snippet')]);
    expect(html).toMatch(
      /<td><mark data-testid="passage-highlight" class="[^"]+"><code>claude-opus-4-1<\/code><\/mark><\/td>/,
    );
    expect(html).toMatch(/<td><mark data-testid="passage-highlight" class="[^"]+">Cross<\/mark><\/td>/);
    expect(html).toMatch(/<td><code>gpt-4o<\/code><\/td>/);
  });

  it('shows raw HTML as text', () => {
    const html = render('<script>alert(1)</script>', [{ start: 0, end: 25, kind: 'snippet' }]);
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;');
  });
});

describe('markSegments (the plain text view cuts the same way)', () => {
  it('cuts a range where marks start and end, each piece knowing what covers it', () => {
    const marks: TextMark[] = [
      { start: 5, end: 20, kind: 'passage' },
      { start: 8, end: 12, kind: 'snippet' },
    ];
    expect(markSegments(0, 25, marks)).toEqual([
      { start: 0, end: 5, passage: false, snippet: false },
      { start: 5, end: 8, passage: true, snippet: false },
      { start: 8, end: 12, passage: true, snippet: true },
      { start: 12, end: 20, passage: true, snippet: false },
      { start: 20, end: 25, passage: false, snippet: false },
    ]);
    expect(markSegments(10, 15, marks)).toEqual([
      { start: 10, end: 12, passage: true, snippet: true },
      { start: 12, end: 15, passage: true, snippet: false },
    ]);
    expect(markSegments(0, 0, marks)).toEqual([]);
  });
});

describe('markdownPreview', () => {
  it('keeps the words of a passage without its Markdown marks', () => {
    expect(
      markdownPreview(
        '## Allowance\n\nStaff get **25 days** and _some_ `time`; see [the policy](https://x.example).\n\n- one\n> two',
      ),
    ).toBe('Allowance Staff get 25 days and some time; see the policy. one two');
  });
  it('keeps the words of an image inside a link, and none of its addresses', () => {
    expect(
      markdownPreview(
        'word-wrap [![NPM version](https://img.example/v.svg)](https://npm.example/word-wrap) ![logo](logo.png)',
      ),
    ).toBe('word-wrap NPM version logo');
  });
  it('reads an escaped character as itself', () => {
    expect(markdownPreview('Globs like \\*.tar.gz, 2\\*3\\*4, \\_draft\\_ and \\<MIME>; **bold**')).toBe(
      'Globs like *.tar.gz, 2*3*4, _draft_ and <MIME>; bold',
    );
  });
  it('leaves a lone asterisk or snake_case words alone', () => {
    expect(markdownPreview('2 * 3 = 6 in file_name_here')).toBe('2 * 3 = 6 in file_name_here');
  });
});
