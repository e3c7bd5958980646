import { describe, expect, it } from 'vitest';
import { chunkText } from '@/lib/knowledge/index';
import { parseHtml } from '@/lib/knowledge/formats';

const page = (body: string) => `<!doctype html><html><head><title>Plans</title></head><body>${body}</body></html>`;

describe('parseHtml tables', () => {
  it('writes a table with a header row as a Markdown table, whose header follows its rows into every chunk', () => {
    const rows = Array.from(
      { length: 30 },
      (_, i) => `<tr><th scope="row">Plan ${i}</th><td>${i * 5} GB</td><td>a | b</td></tr>`,
    ).join('');
    const { text } = parseHtml(
      page(
        `<h1>Plans</h1><p>Every plan and its storage.</p><table><thead><tr><th>Plan</th><th>Storage</th><th>Note</th></tr></thead><tbody>${rows}</tbody></table><p>Prices change yearly.</p>`,
      ),
    );
    const header = '| Plan | Storage | Note |\n| --- | --- | --- |';
    expect(text).toContain(`${header}\n| Plan 0 | 0 GB | a \\| b |\n| Plan 1 | 5 GB | a \\| b |`);
    expect(text).toMatch(/\| Plan 29 \| 145 GB \| a \\\| b \|\n\nPrices change yearly\.$/);
    const chunks = chunkText(text, { targetTokens: 40, overlapTokens: 0 });
    const below = chunks.filter((c) => c.text.startsWith('| Plan ') && !c.text.includes('---'));
    expect(below.length).toBeGreaterThan(1);
    for (const c of below) expect(c.location.tableHeader).toBe(header);
  });

  it('writes a table without header cells a row a line, cells apart', () => {
    const { text } = parseHtml(
      page(
        '<table><tr><td>Oslo</td><td>700000</td></tr><tr><td></td><td></td></tr><tr><td>Bergen</td><td>285000</td></tr></table>',
      ),
    );
    expect(text).toBe('Oslo | 700000\n\nBergen | 285000');
  });
});

describe('parseHtml as Markdown', () => {
  const article = (body: string) => parseHtml(page(`<main>${body}</main>`)).text;

  it('keeps a code block line for line, fenced, with the language its class names', () => {
    const text = article(
      '<p>Install it:</p><div class="highlight highlight-source-shell"><pre><code class="language-sh">npm install groundwork\n  --save\n```not a fence```\n</code></pre></div><p>Then start it.</p>',
    );
    expect(text).toBe(
      'Install it:\n\n````sh\nnpm install groundwork\n  --save\n```not a fence```\n````\n\nThen start it.',
    );
  });

  it('keeps the blank lines of a code block whose lines are broken with <br>, as Word’s code reaches it', () => {
    // Long enough for Readability to find the article: it is what read two <br>s as a paragraph.
    const intro =
      'Each part of the app logs under a name of its own, and the DEBUG variable says which names are shown. '
        .repeat(3)
        .trim();
    const text = article(
      `<p>${intro}</p><pre>var debug = require('debug');<br /><br />// fake app<br /><br />debug('booting');<br />serve();</pre><p>Then open it.</p>`,
    );
    expect(text).toBe(
      `${intro}\n\n\`\`\`\nvar debug = require('debug');\n\n// fake app\n\ndebug('booting');\nserve();\n\`\`\`\n\nThen open it.`,
    );
  });

  it('keeps inline code, bold and italics, with the marks against their words', () => {
    expect(
      article('<p>Set <code>XDG_DATA_HOME</code> to <b> a path </b>, <em>never</em> <code>`tick`</code>.</p>'),
    ).toBe('Set `XDG_DATA_HOME` to **a path** , *never* `` `tick` ``.');
  });

  it('writes nested and numbered lists as Markdown lists, numbered from their start', () => {
    expect(
      article(
        '<ul><li>Fruit<ul><li>apple</li><li>pear</li></ul></li><li>Bread</li></ul><ol start="3"><li>Mix</li><li><p>Bake</p><p>for an hour</p></li></ol>',
      ),
    ).toBe('- Fruit\n  - apple\n  - pear\n- Bread\n\n3. Mix\n4. Bake\n\n   for an hour');
  });

  it('quotes a block quote and breaks lines at <br>', () => {
    expect(
      article('<blockquote><p>First</p><p>Second<br>line</p></blockquote><address>1 Main St<br>Springfield</address>'),
    ).toBe('> First\n>\n> Second  \n> line\n\n1 Main St  \nSpringfield');
  });

  it('escapes what Markdown would read as marks in the page’s own text', () => {
    expect(
      article(
        '<p>Globs like *.tar.gz and 2*3*4, ~/a to ~/b, _private_ but XDG_DATA_HOME, [x](y), &lt;MIME&gt; and &amp;amp; C:\\*</p><p># 1 fan</p><p>1. not a list</p><p>- nor this</p><p>&gt; nor a quote</p>',
      ),
    ).toBe(
      'Globs like \\*.tar.gz and 2\\*3\\*4, \\~/a to \\~/b, \\_private\\_ but XDG_DATA_HOME, \\[x](y), \\<MIME> and \\&amp; C:\\\\\\*\n\n\\# 1 fan\n\n1\\. not a list\n\n\\- nor this\n\n\\> nor a quote',
    );
  });

  it('drops permalinks and reference marks, which are not the page’s words', () => {
    expect(
      article(
        '<h2>Install<a class="headerlink" href="#install">¶</a></h2><p>Kiwis are birds.<sup class="reference"><a href="#n1">[1]</a></sup> They lay eggs.<sup>2</sup></p>',
      ),
    ).toBe('## Install\n\nKiwis are birds. They lay eggs.2');
  });

  it('keeps paragraphs apart inside an inline element that wraps them', () => {
    expect(article('<a href="/x"><p>One</p><p>Two</p></a>')).toBe('One\n\nTwo');
  });
});

describe('parseHtml links', () => {
  const fetched = (body: string, head = '') =>
    parseHtml(`<!doctype html><html><head><title>Help</title>${head}</head><body><main>${body}</main></body></html>`, {
      address: 'https://intranet.example.com/help/start.html#top',
    }).text;

  it('keeps where a link to a web address goes, resolved against the address the page was fetched from', () => {
    expect(
      fetched(
        '<p>Fill in the <a href="../forms/vpn.html">access form</a> or mail <a href="https://it.example.com/ask?q=vpn">the IT desk</a>.</p>',
      ),
    ).toBe(
      'Fill in the [access form](https://intranet.example.com/forms/vpn.html) or mail [the IT desk](https://it.example.com/ask?q=vpn).',
    );
  });

  it('resolves against the page’s <base>, itself resolved against the page’s address', () => {
    expect(fetched('<p>Read <a href="setup">the setup guide</a>.</p>', '<base href="/docs/v2/">')).toBe(
      'Read [the setup guide](https://intranet.example.com/docs/v2/setup).',
    );
  });

  it('keeps only the words of a link that goes nowhere else on the web (within the page, a script), and a mail link’s address after its words', () => {
    expect(
      fetched(
        '<p>See <a href="#faq">the FAQ</a>, <a href="start.html#limits">the limits</a>, <a href="mailto:it_desk@example.com?subject=VPN">IT</a>, <a href="mailto:hr@example.com">hr@example.com</a> or <a href="javascript:open()">this</a>.</p>',
      ),
    ).toBe('See the FAQ, the limits, IT (it_desk@example.com), hr@example.com or this.');
  });

  it('keeps only the words of a relative link in a page uploaded as a file, which has no address to resolve it against', () => {
    expect(
      parseHtml(
        page(
          '<main><p>Fill in the <a href="forms/vpn.html">access form</a> or <a href="https://example.com/vpn">the new one</a>.</p></main>',
        ),
      ).text,
    ).toBe('Fill in the access form or [the new one](https://example.com/vpn).');
  });

  it('keeps a heading’s words only, writes an address shown as the link’s words once, and escapes what would end the link early', () => {
    expect(
      fetched(
        '<h2><a href="https://example.com/install">Install</a></h2><p>Go to <a href="https://example.com/a_b">https://example.com/a_b</a> (<a href="https://www.example.com/">www.example.com</a>), <a href="https://example.com/f(x) y">the [PDF] form</a> or <a href="https://example.com/"><code>get[0]</code> docs</a>.</p>',
      ),
    ).toBe(
      '## Install\n\nGo to https://example.com/a_b (www.example.com), [the \\[PDF\\] form](https://example.com/f%28x%29%20y) or [`get[0]` docs](https://example.com/).',
    );
  });
});

describe('parseHtml titles', () => {
  it('keeps each level-1 heading on level 1, above the level-2 headings of its section', () => {
    // Long enough for Readability to find the article: it is what made every h1 an h2.
    const about = (what: string) =>
      `<p>${`The ${what} section says how the pump is set up and looked after, in words enough for a reader view. `.repeat(3)}</p>`;
    const { text } = parseHtml(
      page(
        `<main><h1>Installation</h1>${about('install')}<h2>Choosing a place</h2>${about('place')}<h1>Service</h1>${about('service')}<h2>Seals</h2>${about('seal')}</main>`,
      ),
    );
    expect(text.split('\n').filter((line) => line.startsWith('#'))).toEqual([
      '# Installation',
      '## Choosing a place',
      '# Service',
      '## Seals',
    ]);
  });

  it('takes the <title>, else the first level-1 heading outside the site header and navigation', () => {
    expect(parseHtml(page('<h1>Plans and prices</h1><p>Text.</p>')).title).toBe('Plans');
    const untitled =
      '<!doctype html><html><body><header><h1>Acme Docs</h1></header><main><h1>Install  the\nCLI</h1><p>Text.</p></main></body></html>';
    expect(parseHtml(untitled).title).toBe('Install the CLI');
    expect(
      parseHtml('<!doctype html><html><body><h2>Only a subheading</h2><p>Text.</p></body></html>').title,
    ).toBeUndefined();
  });
});

describe('parseHtml definition lists', () => {
  it('opens each definition with its terms in bold, so the sentence defining a term names it', () => {
    const text = parseHtml(
      page(
        '<main><dl><dt>cif</dt><dd><p>The <code>ffi_cif</code> describing the call.</p><pre>ffi_cif cif;</pre></dd><dt>ret</dt><dt>rvalue</dt><dd>Where the result goes.</dd><div><dt>user_data</dt><dd></dd></div><dt>codeloc</dt></dl></main>',
      ),
    ).text;
    expect(text).toBe(
      '**cif**: The `ffi_cif` describing the call.\n\n```\nffi_cif cif;\n```\n\n**ret, rvalue**: Where the result goes.\n\n**user_data**\n\n**codeloc**',
    );
  });
});
