import { describe, expect, it } from 'vitest';
import { joinPages, layoutPdf, type PdfPage, type PdfTextRun } from '@/lib/knowledge/formats';

// Pages as PDF.js hands them over: runs of text with their baseline, width and size, in the
// order the PDF draws them. A character is taken to be half its font size wide.
interface Drawn {
  text: string;
  x?: number;
  y: number;
  size?: number;
  mono?: boolean;
  bold?: boolean;
}

const run = ({ text, x = 72, y, size = 10, mono = false, bold = false }: Drawn): PdfTextRun => ({
  text,
  x,
  y,
  width: text.length * size * 0.5,
  size,
  mono,
  bold,
  eol: true,
});

function page(...lines: (Drawn | Drawn[])[]): PdfPage {
  const runs = lines.flatMap((line) =>
    Array.isArray(line) ? line.map((r, i) => ({ ...run(r), eol: i === line.length - 1 })) : [run(line)],
  );
  return { height: 792, runs };
}

/** The paragraphs (Markdown blocks) of a one-page PDF drawn so. */
const paragraphs = (...lines: (Drawn | Drawn[])[]) => layoutPdf([page(...lines)]).pages[0]!.split('\n\n');

/** Body lines from `y` down, 12 points apart. */
const body = (y: number, ...texts: string[]): Drawn[] => texts.map((text, i) => ({ text, y: y - 12 * i }));

const FULL = 'The pump draws water from the tank through a filter that catches grit and sand before it';

describe('PDF layout', () => {
  it('joins the lines of a paragraph, and starts a new one after a gap or a short line that ends a sentence', () => {
    const { pages } = layoutPdf([
      page(
        ...body(700, FULL, 'reaches the impeller, and it stops when the float switch opens.'),
        ...body(660, FULL, 'reaches the impeller.', FULL, 'reaches the outlet.'),
      ),
    ]);
    expect(pages[0]!.split('\n\n')).toEqual([
      `${FULL} reaches the impeller, and it stops when the float switch opens.`,
      `${FULL} reaches the impeller.`,
      `${FULL} reaches the outlet.`,
    ]);
  });

  it('keeps a short line of its own that opens a paragraph without a full stop: a heading in the body size', () => {
    const { pages } = layoutPdf([page(...body(700, 'Maintenance', FULL, 'is clean.', 'Warranty', FULL, 'is dry.'))]);
    expect(pages[0]!.split('\n\n')).toEqual(['Maintenance', `${FULL} is clean.`, 'Warranty', `${FULL} is dry.`]);
  });

  it('makes a word hyphenated at the end of a line whole again, and keeps the hyphen of a compound and before a capital', () => {
    const { pages } = layoutPdf([
      page(
        ...body(
          700,
          `${FULL} the impel-`,
          'ler does; its seal is heat-',
          'resistant and made of Anti-',
          'Freeze rated plastic.',
        ),
      ),
    ]);
    expect(pages[0]).toBe(
      `${FULL} the impeller does; its seal is heat-resistant and made of Anti- Freeze rated plastic.`,
    );
  });

  it('makes code broken at a hyphen or an underscore one code span again, and drops a heading’s printed permalink', () => {
    // (Code broken at a space is one span again too, with the space: see the table whose code cell wraps.)
    expect(
      paragraphs(
        { text: 'Licence ¶', y: 720, size: 16 },
        [
          { text: `${FULL.slice(0, 60)} at`, y: 700 },
          { text: '/usr/share/common-', x: 72 + 64 * 5, y: 700, mono: true },
        ],
        [
          { text: 'licences/GPL-2', y: 688, mono: true },
          { text: 'in the system, and print with', x: 72 + 15 * 5, y: 688 },
          { text: 'ASN1_', x: 72 + 15 * 5 + 30 * 5, y: 688, mono: true },
        ],
        [
          { text: 'PRINT_NAME', y: 676, mono: true },
          { text: 'alone.', x: 72 + 11 * 5, y: 676 },
        ],
      ),
    ).toEqual([
      '# Licence',
      `${FULL.slice(0, 60)} at \`/usr/share/common-licences/GPL-2\` in the system, and print with \`ASN1_PRINT_NAME\` alone.`,
    ]);
  });

  it('reads lines set larger than the body as headings, one level per size, and the first page opens with the title', () => {
    const doc = layoutPdf([
      page(
        { text: 'Zephyr Pump Manual', y: 740, size: 24 },
        { text: '1. Installation', y: 700, size: 16 },
        { text: '1.1 Choosing a place', y: 670, size: 13 },
        ...body(650, FULL, 'is mounted.'),
        { text: '2. Service', y: 610, size: 16 },
        ...body(590, 'Clean the filter every month.'),
      ),
    ]);
    expect(doc.title).toBe('Zephyr Pump Manual');
    expect(doc.pages[0]!.split('\n\n')).toEqual([
      '# Zephyr Pump Manual',
      '## 1. Installation',
      '### 1.1 Choosing a place',
      `${FULL} is mounted.`,
      '## 2. Service',
      'Clean the filter every month.',
    ]);
  });

  it('joins a heading set over two lines, and finds no title on a first page without large print', () => {
    const doc = layoutPdf([
      page(...body(740, FULL, 'is clean.', FULL, 'is dry.')),
      page(
        ...body(740, 'Read this first.'),
        { text: 'Replacing the seal of the', y: 700, size: 16 },
        { text: 'impeller housing', y: 681, size: 16 },
        ...body(660, 'Drain the pump.'),
      ),
    ]);
    expect(doc.title).toBeUndefined();
    expect(doc.pages[1]).toBe('Read this first.\n\n# Replacing the seal of the impeller housing\n\nDrain the pump.');
  });

  it('drops running heads and feet: a repeated line or a page number set apart at the top or bottom of the page', () => {
    const pages = [1, 2, 3, 4].map((n) =>
      page({ text: 'Zephyr Pump Manual — Rev. B', y: 760 }, ...body(720, FULL, `is page ${n}'s text.`), {
        text: n % 2 ? `Chapter 1: Setup ${n}` : `${n}`,
        y: 40,
      }),
    );
    const doc = layoutPdf(pages);
    expect(doc.pages).toEqual([1, 2, 3, 4].map((n) => `${FULL} is page ${n}'s text.`));
  });

  it('keeps a line at the top of the page that is part of the text, even when every page has one like it', () => {
    const doc = layoutPdf([1, 2, 3].map((n) => page(...body(780, `Step ${n}`, FULL, 'goes on.'))));
    expect(doc.pages[2]).toBe(`Step 3\n\n${FULL} goes on.`);
  });

  it('writes bullets as list items, a wrapped item as one, and the text after the list as a paragraph', () => {
    expect(
      paragraphs(
        ...body(700, 'You will need:'),
        { text: '• a 10 mm spanner', y: 684 },
        { text: '• the seal kit, which comes with the pump and holds the gaskets, the', y: 672 },
        { text: 'O-rings and the grease', y: 660, x: 82 },
        { text: '– a bucket', y: 648 },
        ...body(630, 'Turn the power off.'),
      ),
    ).toEqual([
      'You will need:',
      '- a 10 mm spanner\n- the seal kit, which comes with the pump and holds the gaskets, the O-rings and the grease\n- a bucket',
      'Turn the power off.',
    ]);
  });

  it('reads the dots and squares a printed web page draws before its list items as bullets, and no other shapes', () => {
    // A 3-point dot at the height of the letters' middle, 7 points left of each item; a
    // checkbox-sized square beside the last line is not a bullet, nor is an underline. A
    // monospaced item is code, written as printed when it holds a backtick itself.
    const dot = (y: number, x = 62) => ({ x, y: y + 2, width: 3, height: 3 });
    const doc = layoutPdf([
      {
        ...page(
          ...body(700, 'You will need:'),
          { text: 'a 10 mm spanner', y: 684 },
          { text: 'the seal kit, which comes with the pump and holds the gaskets, the', y: 672 },
          { text: 'O-rings and the grease', y: 660 },
          { text: 'pumpctl', y: 648, mono: true },
          { text: 'echo `date`', y: 636, mono: true },
          ...body(612, 'Turn the power off.'),
          { text: 'I have read the manual', y: 588 },
        ),
        marks: [
          dot(684),
          dot(672),
          { ...dot(648), x: 63, width: 2.5, height: 2.5 },
          dot(636),
          { x: 60, y: 586, width: 9, height: 9 },
          { x: 72, y: 610, width: 90, height: 0.7 },
        ],
      },
    ]);
    expect(doc.pages[0]!.split('\n\n')).toEqual([
      'You will need:',
      '- a 10 mm spanner\n- the seal kit, which comes with the pump and holds the gaskets, the O-rings and the grease\n- `pumpctl`\n- echo `date`',
      'Turn the power off.',
      'I have read the manual',
    ]);
  });

  it('reads a short bold line standing alone as a heading below the sized ones, and no bold table cells, sentences or code block', () => {
    const blocks = paragraphs(
      { text: 'Zephyr Pump Manual', y: 740, size: 16 },
      { text: 'Installation', y: 712, bold: true },
      ...body(698, FULL, 'is mounted.'),
      { text: 'pumpctl pair', y: 670, size: 9, mono: true, bold: true },
      ...body(656, 'Pairs the pump.'),
      // A header row whose second cell wraps, the first centred beside it.
      { text: 'Model', y: 629, bold: true },
      { text: 'Litres per', x: 200, y: 634, bold: true },
      { text: 'minute', x: 200, y: 624, bold: true },
      ...body(596, 'Do not run the pump dry.'),
      { text: 'It breaks.', y: 570, bold: true },
      ...body(544, 'Call us.'),
      { text: '#include <pump.h>', y: 520, size: 9, mono: true, bold: true },
      { text: '#define FLOW 40', y: 509, size: 9, mono: true, bold: true },
    );
    expect(blocks.filter((block) => block.startsWith('#'))).toEqual([
      '# Zephyr Pump Manual',
      '## Installation',
      '### `pumpctl pair`',
    ]);
    expect(blocks.slice(-3)).toEqual(['It breaks.', 'Call us.', '```\n#include <pump.h>\n#define FLOW 40\n```']);
  });

  it('reads a line a little larger than the body as a heading when its size holds only such lines, as Word sets its Heading 3', () => {
    // Word's defaults: Heading 1 in 16 points, Heading 2 in 13, Heading 3 in 12 (not bold), the body in 11.
    const handbook = (extra: Drawn[] = []) =>
      paragraphs(
        { text: 'Getting connected', y: 740, size: 16 },
        ...body(716, FULL, 'is connected.').map((line) => ({ ...line, size: 11 })),
        { text: 'VPN access', y: 680, size: 13 },
        ...body(660, FULL, 'is granted.').map((line) => ({ ...line, size: 11 })),
        { text: 'Troubleshooting the client', y: 626, size: 12 },
        ...body(608, FULL, 'is renewed.').map((line) => ({ ...line, size: 11 })),
        { text: 'Connecting from abroad', y: 574, size: 12 },
        ...body(556, FULL, 'is blocked.', FULL, 'is set up.').map((line) => ({ ...line, size: 11 })),
        ...extra,
      );
    expect(handbook().filter((block) => block.startsWith('#'))).toEqual([
      '# Getting connected',
      '## VPN access',
      '### Troubleshooting the client',
      '### Connecting from abroad',
    ]);
    // A size that also holds a sentence is a size some text is set in, not a heading's.
    const noted = handbook([{ text: 'Note: a second factor is required.', y: 500, size: 12 }]);
    expect(noted.filter((block) => block.startsWith('#'))).toEqual(['# Getting connected', '## VPN access']);
    expect(noted).toContain('Troubleshooting the client');
  });

  it('reads the headings a PDF’s outline names, those its look does not tell among them, each under the one it sits under', () => {
    const manual = [
      page({ text: 'Contents', y: 740, size: 16 }, ...body(716, 'Spare parts', 'Seals and gaskets')),
      page(
        { text: '2 Service', y: 740, size: 16 },
        ...body(716, FULL, 'is clean.'),
        // Word's Heading 4: the body's size, in italics, which a PDF's text does not say.
        { text: 'Spare parts', y: 680 },
        ...body(664, FULL, 'is in stock.'),
        { text: 'Seals and gaskets for the pump housing, the impeller and the', y: 628 },
        { text: 'intake filter', y: 616 },
        { text: 'Wear parts', y: 604 },
        ...body(588, FULL, 'is worn.'),
      ),
    ];
    const outline = [
      { title: 'Service', depth: 0, page: 1, top: 752 },
      { title: 'Spare parts', depth: 1, page: 1, top: 692 },
      {
        title: 'Seals and gaskets for the pump housing, the impeller and the intake filter',
        depth: 2,
        page: 1,
        top: 640,
      },
      { title: 'Wear parts', depth: 2, page: 1, top: 614 },
      { title: 'Not in the text', depth: 0, page: 1, top: 500 },
    ];
    const [contents, service] = layoutPdf(manual, outline).pages.map((text) => text.split('\n\n'));
    // The contents page's lines are not the headings the entries open at.
    expect(contents).toEqual(['# Contents', 'Spare parts', 'Seals and gaskets']);
    expect(service).toEqual([
      '# 2 Service',
      `${FULL} is clean.`,
      '## Spare parts',
      `${FULL} is in stock.`,
      '### Seals and gaskets for the pump housing, the impeller and the intake filter',
      '### Wear parts',
      `${FULL} is worn.`,
    ]);
    // Without the outline, only the heading set larger is one.
    expect(
      layoutPdf(manual)
        .pages[1]!.split('\n\n')
        .filter((block) => block.startsWith('#')),
    ).toEqual(['# 2 Service']);
  });

  it('keeps a line that opens with an initial inside its sentence', () => {
    const doc = layoutPdf([page(...body(700, `${FULL} was designed by`, 'A. Smith in 1998.'))]);
    expect(doc.pages[0]).toBe(`${FULL} was designed by A. Smith in 1998.`);
  });

  it('fences monospaced lines as code with their indentation, and marks monospaced words inside a line as code', () => {
    expect(
      paragraphs(
        [
          { text: 'Run', y: 700 },
          { text: 'pumpctl', x: 94, y: 700, mono: true },
          { text: 'with the config file:', x: 135, y: 700 },
        ],
        { text: 'pumpctl start \\', y: 684, size: 9, mono: true },
        { text: '--config <DIR>/pump.toml', x: 72 + 4 * 4.5, y: 673, size: 9, mono: true },
        ...body(650, 'It prints the flow rate.'),
      ),
    ).toEqual([
      'Run `pumpctl` with the config file:',
      '```\npumpctl start \\\n    --config <DIR>/pump.toml\n```',
      'It prints the flow rate.',
    ]);
  });

  it('keeps words with * or _ as printed, as code, where Markdown would read emphasis; a footnote mark stays', () => {
    const doc = layoutPdf([
      page(
        ...body(
          700,
          'Match ’*.tar.gz’ before *.gz, read XDG_DATA_HOME, and write __NOGLOBS__ alone.',
          'See the note* below.',
        ),
      ),
    ]);
    expect(doc.pages[0]).toBe(
      'Match ’`*.tar.gz`’ before `*.gz`, read `XDG_DATA_HOME`, and write `__NOGLOBS__` alone. See the note* below.',
    );
  });

  it('reads the bars TeX draws for underscores as underscores, and no underline', () => {
    // "Call asn1 der coding once." at half a size per character: its 2nd and 3rd spaces at x 119.5 and 139.5.
    const bar = (x: number, y = 700, width = 3) => ({ x, right: x + width, y });
    const drawn: PdfPage = {
      ...page(
        { text: 'Call asn1 der coding once.', y: 700 },
        [
          { text: 'Use asn1', y: 688 },
          { text: 'node here.', x: 116, y: 688 },
        ],
        { text: 'Read the manual first.', y: 676 },
      ),
      // Two on the first line; one in the gap between the second's runs; under the third, an underline (too
      // wide) and a bar too low for an underscore.
      bars: [bar(118), bar(138), bar(112.5, 688), bar(90, 674.5, 8), bar(127, 673.5)],
    };
    expect(layoutPdf([drawn]).pages[0]!.split('\n\n')).toEqual([
      'Call `asn1_der_coding` once. Use `asn1_node` here.',
      'Read the manual first.',
    ]);
    expect(layoutPdf([{ ...drawn, bars: [] }]).pages[0]!.split('\n\n')).toEqual([
      'Call asn1 der coding once. Use asn1 node here.',
      'Read the manual first.',
    ]);
  });

  it('writes code spans that touch as one', () => {
    // A function's signature set partly in the text font, a name with an underscore among it.
    expect(
      paragraphs([
        { text: 'int f (', mono: true, y: 700 },
        { text: 'asn1_node * list)', x: 107, y: 700 },
      ]),
    ).toEqual(['`int f (asn1_node` * list)']);
  });

  it('writes a table’s rows as a Markdown table whose header is its bold first row, and keeps a table of contents’ rows on lines of their own', () => {
    expect(
      paragraphs(
        ...body(700, 'Flow rates:'),
        [
          { text: 'Model', y: 684, bold: true },
          { text: 'Litres | minute', x: 200, y: 684, bold: true },
        ],
        [
          { text: 'Z-100', y: 672 },
          { text: '40', x: 200, y: 672 },
        ],
        [
          { text: '1 Installation', y: 640 },
          { text: '. . . . . . . .', x: 150, y: 640 },
          { text: '3', x: 300, y: 640 },
        ],
        [
          { text: '2 Service', y: 628 },
          { text: '. . . . . . . . . . .', x: 125, y: 628 },
          { text: '9', x: 300, y: 628 },
        ],
      ),
    ).toEqual([
      'Flow rates:',
      '| Model | Litres \\| minute |\n| --- | --- |\n| Z-100 | 40 |',
      '1 Installation … 3\n2 Service … 9',
    ]);
  });

  it('writes the words a link’s box covers as a Markdown link, one link where they wrap, and keeps words alone in a heading or where they spell the address', () => {
    const drawn = [
      { text: 'Getting VPN access', y: 720, size: 16 },
      ...body(
        700,
        'For VPN access, fill in the access form and send it to the service desk, who turns it round',
        'within a day. Read the remote working policy and the configu-',
        'ration guide before you connect; the address is vpn.example.com/start for every device.',
      ),
      [
        { text: 'Run ', y: 650 },
        { text: 'vpnctl --join', x: 92, y: 650, mono: true },
        { text: ' once: see [1] and [2] for more.', x: 157, y: 650 },
      ],
    ];
    const lines = page(...drawn);
    // A box over the characters from `from` of the text drawn at `y` (its run starting at `x`), half a size each.
    const box = (url: string, y: number, x: number, from: number, text: string, size = 10) => ({
      url,
      x: x + from * size * 0.5,
      y: y - 2,
      right: x + (from + text.length) * size * 0.5,
      top: y + size,
      text,
    });
    const form = 'https://intranet.example.com/forms/vpn?team=a(b)';
    const links = [
      box('https://intranet.example.com/vpn', 720, 72, 8, 'VPN access', 16),
      box(form, 700, 72, 30, 'access form'),
      box('https://intranet.example.com/policy', 688, 72, 28, 'remote working'),
      box('https://intranet.example.com/policy', 688, 72, 43, 'policy'),
      box('https://intranet.example.com/guide', 688, 72, 58, 'configu-'),
      box('https://intranet.example.com/guide', 676, 72, 0, 'ration guide'),
      box('https://vpn.example.com/start', 676, 72, 58, 'vpn.example.com/start'),
      box('https://man.example.com/vpnctl', 650, 92, 0, 'vpnctl --join'),
      box('https://example.com/notes', 650, 157, 7, 'see [1]'),
    ];
    expect(layoutPdf([{ ...lines, links }]).pages[0]!.split('\n\n')).toEqual([
      '# Getting VPN access',
      'For VPN access, fill in the [access form](https://intranet.example.com/forms/vpn?team=a%28b%29) and send it to the service desk, who turns it round within a day. Read the [remote working policy](https://intranet.example.com/policy) and the [configuration guide](https://intranet.example.com/guide) before you connect; the address is vpn.example.com/start for every device.',
      'Run [`vpnctl --join`](https://man.example.com/vpnctl) once: [see \\[1\\]](https://example.com/notes) and [2] for more.',
    ]);
    // Without the boxes, the same words.
    expect(layoutPdf([lines]).pages[0]).toBe(
      layoutPdf([{ ...lines, links }]).pages[0]!.replace(/\[((?:\\.|[^\\\]])*)\]\([^)]*\)/g, (_, words: string) =>
        words.replace(/\\(.)/g, '$1'),
      ),
    );
  });

  it('takes a rule under a table’s first row, and none under the rows below, for its header; an underline is no rule', () => {
    const table = page(
      ...body(712, FULL, 'reaches the impeller. Flow rates:'),
      [
        { text: 'Model', y: 684 },
        { text: 'Litres per minute', x: 200, y: 684 },
      ],
      [
        { text: 'Z-100', y: 670 },
        { text: '40', x: 200, y: 670 },
      ],
      [
        { text: 'Z-200', y: 656 },
        { text: '80', x: 200, y: 656 },
      ],
    );
    const ruled = (y: number) =>
      layoutPdf([{ ...table, rules: [{ x: 70, right: 290, y }] }]).pages[0]!.split('\n\n')[1];
    expect(ruled(678)).toBe('| Model | Litres per minute |\n| --- | --- |\n| Z-100 | 40 |\n| Z-200 | 80 |');
    // Drawn right under the words' baseline: their underline.
    expect(ruled(683)).toBe('| | |\n| --- | --- |\n| Model | Litres per minute |\n| Z-100 | 40 |\n| Z-200 | 80 |');
  });

  it('goes on with a sentence whose short line only stopped where a long address would not fit after it; a short line before words that would have fit stands alone', () => {
    const url = 'https://pumps.example.com/manuals/zephyr/service-and-maintenance-guide.pdf';
    expect(
      paragraphs(
        ...body(700, 'The manual is at', url, 'for every model.'),
        ...body(650, 'Seals', FULL, 'reaches the impeller.'),
      ),
    ).toEqual([`The manual is at ${url} for every model.`, 'Seals', `${FULL} reaches the impeller.`]);
  });

  it('keeps the words alone of a link whose words are its address, wrapped over two lines, and writes the address whole', () => {
    const lines = page(
      ...body(
        700,
        'The form is at https://intranet.example.com/forms/',
        'vpn-access.html on the intranet, and the guide at',
        'https://intranet.example.com/guides/vpn_',
        'access.html too.',
      ),
    );
    const url = 'https://intranet.example.com/forms/vpn-access.html';
    const guide = 'https://intranet.example.com/guides/vpn_access.html';
    const links = [
      { url, x: 72 + 15 * 5, y: 698, right: 72 + 50 * 5, top: 710, text: 'https://intranet.example.com/forms/' },
      { url, x: 72, y: 686, right: 72 + 15 * 5, top: 698, text: 'vpn-access.html' },
      { url: guide, x: 72, y: 674, right: 72 + 40 * 5, top: 686, text: 'https://intranet.example.com/guides/vpn_' },
      { url: guide, x: 72, y: 662, right: 72 + 11 * 5, top: 674, text: 'access.html' },
    ];
    expect(layoutPdf([{ ...lines, links }]).pages[0]).toBe(
      'The form is at https://intranet.example.com/forms/vpn-access.html on the intranet, and the guide at `https://intranet.example.com/guides/vpn_access.html` too.',
    );
    // Without the boxes, nothing says the line break is inside an address: it stays a space.
    expect(layoutPdf([lines]).pages[0]).toBe(
      'The form is at https://intranet.example.com/forms/ vpn-access.html on the intranet, and the guide at `https://intranet.example.com/guides/vpn_` access.html too.',
    );
  });

  it('says a mail link’s address after its words, once where they wrap, and not where the words are the address', () => {
    const lines = page(
      ...body(
        700,
        'Questions about remote access go to the IT service',
        'desk, any day, or to hr@example.com for your contract.',
      ),
    );
    const links = [
      { url: 'mailto:it@example.com', x: 72 + 38 * 5, y: 698, right: 72 + 51 * 5, top: 710, text: 'IT service' },
      { url: 'mailto:it@example.com', x: 72, y: 686, right: 72 + 4 * 5, top: 698, text: 'desk' },
      { url: 'mailto:hr@example.com', x: 72 + 21 * 5, y: 686, right: 72 + 35 * 5, top: 698, text: 'hr@example.com' },
    ];
    expect(layoutPdf([{ ...lines, links }]).pages[0]).toBe(
      'Questions about remote access go to the IT service desk (it@example.com), any day, or to hr@example.com for your contract.',
    );
  });

  it('writes a link in a table’s cell as a link, and a link box over no drawn words as nothing', () => {
    const lines = page(
      ...body(712, FULL, 'reaches the impeller. Forms:'),
      [
        { text: 'Form', y: 684, bold: true },
        { text: 'Where', x: 200, y: 684, bold: true },
      ],
      [
        { text: 'VPN access', y: 672 },
        { text: 'the intranet', x: 200, y: 672 },
      ],
    );
    const links = [
      { url: 'https://intranet.example.com/forms/vpn', x: 200, y: 670, right: 260, top: 682, text: 'the intranet' },
      { url: 'https://intranet.example.com/elsewhere', x: 400, y: 670, right: 460, top: 682, text: 'intranet' },
    ];
    expect(layoutPdf([{ ...lines, links }]).pages[0]!.split('\n\n')).toEqual([
      `${FULL} reaches the impeller. Forms:`,
      '| Form | Where |\n| --- | --- |\n| VPN access | [the intranet](https://intranet.example.com/forms/vpn) |',
    ]);
  });

  it('reads a table whose cells stand only an em apart, its short cells centred beside a wrapped one, and draws no column for a glyph without a character', () => {
    expect(
      paragraphs(
        ...body(740, FULL, 'is what the table below sums up.'),
        [
          { text: 'Feature', y: 700, bold: true },
          { text: 'Bundle size', x: 188, y: 700, bold: true },
          { text: 'Nearest competitor', x: 300, y: 700, bold: true },
        ],
        [
          { text: 'GZIP/Zlib compression', y: 686 },
          { text: '5kB', x: 188, y: 686 },
          { text: 'pako, 9x larger', x: 300, y: 686 },
          { text: '\u0000', x: 420, y: 686 },
        ],
        { text: 'Async decompression', y: 665 },
        { text: '4kB (1kB + raw', x: 188, y: 671 },
        { text: 'decompression)', x: 188, y: 659 },
        { text: 'N/A', x: 300, y: 665 },
        ...body(630, 'The table ends here.'),
      ),
    ).toEqual([
      `${FULL} is what the table below sums up.`,
      [
        '| Feature | Bundle size | Nearest competitor |',
        '| --- | --- | --- |',
        '| GZIP/Zlib compression | 5kB | pako, 9x larger |',
        '| Async decompression | 4kB (1kB + raw decompression) | N/A |',
      ].join('\n'),
      'The table ends here.',
    ]);
  });

  it('keeps a table’s wrapped code cell one, though code is set smaller than the text whose lines it shares', () => {
    const code = (text: string, x: number, y: number): Drawn => ({ text, x, y, size: 8.5, mono: true });
    const blocks = paragraphs(
      ...[FULL, 'is in the table.', FULL, 'is below it.'].map((text, i) => ({ text, y: 760 - 15 * i })),
      [
        { text: 'Name', y: 690, bold: true },
        { text: 'Type', x: 188, y: 690, bold: true },
        { text: 'Use', x: 300, y: 690, bold: true },
      ],
      [code('flow', 72, 670), code('number', 188, 670), { text: 'Litres a minute.', x: 300, y: 670 }],
      code('mode', 72, 642),
      code('string |', 188, 649.5),
      code('undefined', 188, 634.5),
      { text: 'How it runs.', x: 300, y: 642 },
    );
    expect(blocks.at(-1)).toBe(
      '| Name | Type | Use |\n| --- | --- | --- |\n| `flow` | `number` | Litres a minute. |\n| `mode` | `string \\| undefined` | How it runs. |',
    );
  });

  it('takes the leading from the prose, on pages that hold more code than text: a table’s wrapped cell stays one', () => {
    // Lines 15 points apart, the code 11: a cell's second line is a prose line's distance below its first.
    const code = Array.from({ length: 12 }, (_, i): Drawn => ({
      text: `pump.set('flow', ${i * 10}); // litres per minute at stage ${i}`,
      y: 560 - 11 * i,
      size: 9,
      mono: true,
    }));
    const blocks = paragraphs(
      ...[FULL, 'is clean.', FULL, 'is dry.'].map((text, i) => ({ text, y: 740 - 15 * i })),
      [
        { text: 'Stage', y: 670, bold: true },
        { text: 'Flow', x: 188, y: 670, bold: true },
      ],
      { text: 'Priming', y: 643 },
      { text: 'Two litres a minute until', x: 188, y: 650 },
      { text: 'the housing is full.', x: 188, y: 635 },
      { text: 'Running', y: 610 },
      { text: 'Forty litres a minute.', x: 188, y: 610 },
      ...code,
    );
    expect(blocks[2]).toBe(
      '| Stage | Flow |\n| --- | --- |\n| Priming | Two litres a minute until the housing is full. |\n| Running | Forty litres a minute. |',
    );
  });

  it('reads no table in a sidebar beside paragraphs: its lines do not line up with theirs', () => {
    const side = (y: number, ...texts: string[]): Drawn[] =>
      texts.map((text, i) => ({ text, x: 20, y: y - 12 * i, size: 9 }));
    const main = (y: number, ...texts: string[]): Drawn[] => texts.map((text, i) => ({ text, x: 110, y: y - 12 * i }));
    const blocks = paragraphs(
      ...side(700, 'Contents', 'Install', 'Service'),
      ...main(712, FULL, 'is installed.'),
      ...side(654, 'Parts', 'Warranty'),
      ...main(664, FULL, 'is serviced.'),
    );
    expect(blocks.join('\n')).not.toContain('|');
    expect(blocks).toContain(`${FULL} is installed.`);
  });

  it('drops a sidebar printed in one place on most pages, and keeps a table repeated in place on them', () => {
    const pages = [1, 2, 3].map((n) =>
      page(
        [
          { text: 'Model', y: 760, bold: true },
          { text: 'Flow', x: 200, y: 760, bold: true },
        ],
        [
          { text: `Z-${n}00`, y: 746 },
          { text: `${n * 40} l/min`, x: 200, y: 746 },
        ],
        [
          { text: `Z-${n}50`, y: 732 },
          { text: `${n * 60} l/min`, x: 200, y: 732 },
        ],
        { text: 'Pumps', x: 20, y: 600, size: 9 },
        { text: 'Parts', x: 20, y: 588, size: 9 },
        ...body(600, FULL, `is page ${n}.`),
      ),
    );
    expect(layoutPdf(pages).pages[2]).toBe(
      `| Model | Flow |\n| --- | --- |\n| Z-300 | 120 l/min |\n| Z-350 | 180 l/min |\n\n${FULL} is page 3.`,
    );
  });

  it('puts code blocks drawn after the rest of the page back where they sit, as Chromium’s “Save as PDF” draws them', () => {
    expect(
      paragraphs(
        { text: 'Install it:', y: 700 },
        { text: 'Start it:', y: 650 },
        { text: 'It prints the flow rate.', y: 600 },
        { text: 'npm install pumpctl', y: 680, size: 9, mono: true },
        { text: 'pumpctl start', y: 630, size: 9, mono: true },
        { text: '--config pump.toml', x: 72 + 2 * 4.5, y: 619, size: 9, mono: true },
      ),
    ).toEqual([
      'Install it:',
      '```\nnpm install pumpctl\n```',
      'Start it:',
      '```\npumpctl start\n  --config pump.toml\n```',
      'It prints the flow rate.',
    ]);
  });

  it('puts a code block drawn last back above an indented quote, though its first line is a bracket alone', () => {
    expect(
      paragraphs(
        { text: '> Use the helper to convert a path.', x: 100, y: 690 },
        { text: 'Read more about paths.', y: 660 },
        { text: '[', y: 760, size: 9, mono: true },
        { text: "'directory/*',", x: 72 + 4 * 4.5, y: 749, size: 9, mono: true },
        { text: "convert(process.cwd()) + '/**'", x: 72 + 4 * 4.5, y: 738, size: 9, mono: true },
        { text: ']', y: 727, size: 9, mono: true },
      ),
    ).toEqual([
      "```\n[\n    'directory/*',\n    convert(process.cwd()) + '/**'\n]\n```",
      '> Use the helper to convert a path.',
      'Read more about paths.',
    ]);
  });

  it('reads two columns drawn one after the other one after the other, below a title across both', () => {
    const left = (y: number, text: string) => ({ text, x: 72, y });
    const right = (y: number, text: string) => ({ text, x: 320, y });
    expect(
      paragraphs(
        { text: 'Pump Notes', x: 72, y: 740, size: 20 },
        left(700, 'The left column opens.'),
        left(660, 'The left column ends.'),
        right(700, 'The right column opens.'),
        right(660, 'The right column ends.'),
      ),
    ).toEqual([
      '# Pump Notes',
      'The left column opens.',
      'The left column ends.',
      'The right column opens.',
      'The right column ends.',
    ]);
  });

  it('reads a table whose first cells sit lower than the lines beside them, as Chromium draws it, each cell’s lines one cell, under a blank header', () => {
    // Chromium draws a row's cells in turn, the first centred on the row's height; the text
    // beside it wraps in a column far narrower than the page's body text.
    expect(
      paragraphs(
        ...body(760, FULL, 'is where the options go.'),
        { text: 'retries', x: 72, y: 690, mono: true },
        { text: 'How often a failed call', x: 300, y: 700 },
        { text: 'is tried. Zero turns', x: 300, y: 688 },
        { text: 'it off.', x: 300, y: 676 },
        { text: 'timeout', x: 72, y: 646, mono: true },
        { text: 'How long a call may', x: 300, y: 652 },
        { text: 'take, in seconds.', x: 300, y: 640 },
        [
          { text: 'verbose', x: 72, y: 620, mono: true },
          { text: 'Logs every call.', x: 300, y: 620 },
        ],
        { text: 'depth', x: 72, y: 594, mono: true },
        { text: 'How deep it looks,', x: 300, y: 600 },
        { text: 'in levels.', x: 300, y: 588 },
      ),
    ).toEqual([
      `${FULL} is where the options go.`,
      [
        '| | |',
        '| --- | --- |',
        '| `retries` | How often a failed call is tried. Zero turns it off. |',
        '| `timeout` | How long a call may take, in seconds. |',
        '| `verbose` | Logs every call. |',
        '| `depth` | How deep it looks, in levels. |',
      ].join('\n'),
    ]);
  });

  it('goes on over a page turn: a code block, a table (its header row printed again left out) and a sentence stay one', () => {
    const pages = [
      'Run it:\n\n```\nnpm start\n```',
      '```\n--port 80\n```\n\n| Model | Flow |\n| --- | --- |\n| Z-100 | 40 |',
      '| Model | Flow |\n| --- | --- |\n| Z-200 | 80 |\n\n- one\n- two',
      '- three\n\nThe pump draws water from the impel-',
      'ler housing. Done.',
      'and a new paragraph after a full stop.\n\n| Size | Weight |\n| --- | --- |\n| S | 2 kg |',
      '| Part | Price |\n| --- | --- |\n| Seal | 4 € |',
    ];
    const { text, pageStarts } = joinPages(pages);
    expect(text).toBe(
      [
        'Run it:\n\n```\nnpm start\n--port 80\n```',
        '| Model | Flow |\n| --- | --- |\n| Z-100 | 40 |\n| Z-200 | 80 |',
        '- one\n- two',
        '- three',
        'The pump draws water from the impeller housing. Done.',
        'and a new paragraph after a full stop.',
        '| Size | Weight |\n| --- | --- |\n| S | 2 kg |',
        '| Part | Price |\n| --- | --- |\n| Seal | 4 € |',
      ].join('\n\n'),
    );
    expect(pageStarts.map((start) => text.slice(start, start + 9))).toEqual([
      'Run it:\n\n',
      '--port 80',
      '| Z-200 |',
      '- three\n\n',
      'ler housi',
      'and a new',
      '| Part | ',
    ]);
  });

  it('goes on over a page turn that a link’s words open: the next page’s text starts where it did', () => {
    const pages = [
      'Fill in the access',
      '[form](https://example.com/form) today, and read the [remote](https://example.com/p)',
      '[working policy](https://example.com/p) first.',
    ];
    const { text, pageStarts } = joinPages(pages);
    expect(text).toBe(
      'Fill in the access [form](https://example.com/form) today, and read the [remote](https://example.com/p) [working policy](https://example.com/p) first.',
    );
    expect(pageStarts.map((start, i) => text.slice(start, start + pages[i]!.length))).toEqual(pages);
  });

  it('goes on with a table whose row the page turn cut: its header printed again alone is left out, and the rest of the row goes back in it', () => {
    const { text, pageStarts } = joinPages([
      '| Option | Use |\n| --- | --- |\n| `bash` | Follow bash rules. |\n| `basename` | If set, patterns match against the |',
      'Option Use\n\nbasename of the path.\n\n| | |\n| --- | --- |\n| `dot` | Match dotfiles. |',
      'Option Use\n\nThe options end here.',
    ]);
    expect(text).toBe(
      '| Option | Use |\n| --- | --- |\n| `bash` | Follow bash rules. |\n| `basename` | If set, patterns match against the basename of the path. |\n| `dot` | Match dotfiles. |\n\nThe options end here.',
    );
    expect(pageStarts.map((start) => text.slice(start, start + 9))).toEqual(['| Option ', '| `dot` |', 'The optio']);
  });
});
