import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractAndChunk, parsePdf } from '@/lib/knowledge/formats';
import { makeLaidOutPdf, makePdf, type DrawnLine } from './fixtures';
import { watchEventLoop } from './helpers';

describe('PDF parsing off the event loop', () => {
  it('keeps the event loop responsive while a long PDF is parsed in a worker thread', async () => {
    const pdf = await makePdf(
      Array.from({ length: 300 }, (_, i) => `Page ${i + 1}\n${'Lorem ipsum dolor sit amet. '.repeat(20)}`),
    );
    const loop = watchEventLoop();
    const doc = await parsePdf(pdf, { maxPages: 1000, timeoutMs: 60_000 });
    const worst = await loop.stop();
    expect(doc.pageStarts).toHaveLength(300);
    expect(doc.text.slice(doc.pageStarts![299]!)).toContain('Page 300');
    // Parsing 300 pages takes far longer than this; the loop kept ticking meanwhile.
    expect(worst).toBeLessThan(250);
  }, 60_000);

  it('refuses PDFs over the page limit and stops parsing at the time limit', async () => {
    const pdf = await makePdf(['one', 'two', 'three']);
    await expect(parsePdf(pdf, { maxPages: 2, timeoutMs: 60_000 })).rejects.toThrow(/more than 2 pages/);
    await expect(parsePdf(pdf, { maxPages: 10, timeoutMs: 1 })).rejects.toThrow(/longer than 1 ms/);
  });

  it('reads exactly the bytes it is given, also from a view into a larger buffer', async () => {
    const other = Buffer.from(await makePdf(['Another file, never to be shown']));
    const mine = Buffer.from(await makePdf(['The file that was uploaded']));
    const shared = Buffer.concat([mine, other]);
    const doc = await parsePdf(shared.subarray(0, mine.length), { maxPages: 10, timeoutMs: 60_000 });
    expect(doc.text).toContain('The file that was uploaded');
    expect(doc.text).not.toContain('Another file');
  });
});

/** A PDF's text as the Markdown blocks it is parsed into. */
const blocksOf = async (pdf: Uint8Array) =>
  (await parsePdf(pdf, { maxPages: 10, timeoutMs: 60_000 })).text.split('\n\n');

/** Lines of body text from `y` down, 12.5 points apart. */
const body = (y: number, ...texts: string[]): DrawnLine[] => texts.map((text, i) => ({ text, y: y - 12.5 * i }));

/** A three-page manual: a title, numbered headings, wrapped paragraphs, code, a running head and page numbers. */
const manual = () =>
  makeLaidOutPdf([
    [
      { text: 'Zephyr Pump Service Manual', y: 760, size: 22, font: 'bold' },
      { text: '1. Installation', y: 715, size: 15, font: 'bold' },
      ...body(
        690,
        'Mount the pump on a level surface close to the tank, so that the suction line stays',
        'short and rises towards the pump. A long suction line lets air collect in the impel-',
        'ler housing, and the pump then runs dry.',
      ),
      ...body(640, 'Connect the pump to its controller with the command:'),
      { text: 'pumpctl pair --port /dev/ttyUSB0', y: 622, font: 'mono' },
      { text: '1', y: 40, x: 290 },
    ],
    [
      { text: 'Zephyr Pump Service Manual', y: 800, size: 9 },
      { text: '2. Service', y: 760, size: 15, font: 'bold' },
      ...body(
        735,
        'Clean the intake filter every 200 hours of running, or sooner when the flow drops',
        'below 30 litres per minute. Replace the shaft seal every two years.',
      ),
      { text: '2', y: 40, x: 290 },
    ],
    [
      { text: 'Zephyr Pump Service Manual', y: 800, size: 9 },
      { text: '3. Warranty', y: 760, size: 15, font: 'bold' },
      ...body(735, 'The warranty covers the motor for five years.'),
      { text: '3', y: 40, x: 290 },
    ],
  ]);

describe('PDF layout', () => {
  it('gives a laid-out PDF its title, headings, paragraphs and code, without its running head and page numbers', async () => {
    const doc = await parsePdf(await manual(), { maxPages: 10, timeoutMs: 60_000 });
    expect(doc.title).toBe('Zephyr Pump Service Manual');
    const pages = doc.pageStarts!.map((start, i) => doc.text.slice(start, doc.pageStarts![i + 1]).trim());
    expect(pages[0]!.split('\n\n')).toEqual([
      '# Zephyr Pump Service Manual',
      '## 1. Installation',
      'Mount the pump on a level surface close to the tank, so that the suction line stays short and rises towards the pump. A long suction line lets air collect in the impeller housing, and the pump then runs dry.',
      'Connect the pump to its controller with the command:',
      '```\npumpctl pair --port /dev/ttyUSB0\n```',
    ]);
    expect(pages[1]).toBe(
      '## 2. Service\n\nClean the intake filter every 200 hours of running, or sooner when the flow drops below 30 litres per minute. Replace the shaft seal every two years.',
    );
    expect(pages[2]).toBe('## 3. Warranty\n\nThe warranty covers the motor for five years.');
  });

  it('cites each passage with the headings above it and its page', async () => {
    const { chunks } = await extractAndChunk(await manual(), 'application/pdf', { targetTokens: 40, overlapTokens: 0 });
    const service = chunks.find((chunk) => chunk.text.includes('Replace the shaft seal'));
    expect(service?.location).toMatchObject({ page: 2, headings: ['Zephyr Pump Service Manual', '2. Service'] });
    expect(chunks.find((chunk) => chunk.text.includes('five years'))?.location).toMatchObject({
      page: 3,
      headings: ['Zephyr Pump Service Manual', '3. Warranty'],
    });
  });

  it('reads the bullets a printed web page draws as shapes as list items, and its short bold lines as headings', async () => {
    const pdf = await makeLaidOutPdf([
      [
        { text: 'Zephyr Pump Service Manual', y: 760, size: 22, font: 'bold' },
        { text: 'What you need', y: 720, font: 'bold' },
        { text: 'a 10 mm spanner', y: 700, x: 84, bullet: true },
        { text: 'the seal kit', y: 687.5, x: 84, bullet: true },
        ...body(
          662,
          'Turn the power off before you start, and close the valves on both sides of the pump so',
          'that the water in the pipes stays where it is while the housing is open.',
        ),
      ],
    ]);
    expect(await blocksOf(pdf)).toEqual([
      '# Zephyr Pump Service Manual',
      '## What you need',
      '- a 10 mm spanner\n- the seal kit',
      'Turn the power off before you start, and close the valves on both sides of the pump so that the water in the pipes stays where it is while the housing is open.',
    ]);
  });

  it('keeps a link to a web address as a Markdown link on the words its box covers, one link where they wrap, a mail link’s address after its words, and a printed address wrapped whole', async () => {
    const vpn = 'https://intranet.example.com/forms/vpn';
    const policy = 'https://intranet.example.com/policy';
    const client = 'https://intranet.example.com/downloads/vpn-client.pkg';
    const pdf = await makeLaidOutPdf([
      [
        { text: 'Remote access', y: 760, size: 16, font: 'bold', links: [{ words: 'Remote access', url: vpn }] },
        {
          text: 'For remote access, fill in the access form and send it to the service desk, who turns',
          y: 736,
          links: [{ words: 'access form', url: vpn }],
        },
        {
          text: 'it round within a day. Read the remote working',
          y: 723.5,
          links: [{ words: 'remote working', url: policy }],
        },
        {
          text: 'policy before you connect: the policy says which devices may connect, and from where.',
          y: 711,
          links: [{ words: 'policy', url: policy }],
        },
        {
          text: 'Questions go to the service desk, any day of the week.',
          y: 686,
          links: [{ words: 'the service desk', url: 'mailto:desk@example.com' }],
        },
        {
          text: 'The client itself is at https://intranet.example.com/downloads/',
          y: 661,
          links: [{ words: 'https://intranet.example.com/downloads/', url: client }],
        },
        { text: 'vpn-client.pkg for every laptop.', y: 648.5, links: [{ words: 'vpn-client.pkg', url: client }] },
      ],
    ]);
    expect(await blocksOf(pdf)).toEqual([
      '# Remote access',
      `For remote access, fill in the [access form](${vpn}) and send it to the service desk, who turns it round within a day. Read the [remote working policy](${policy}) before you connect: the policy says which devices may connect, and from where.`,
      'Questions go to the service desk (desk@example.com), any day of the week.',
      `The client itself is at ${client} for every laptop.`,
    ]);
  });

  it('reads the headings the outline names, a heading the body’s size in italics among them, under the heading it sits under', async () => {
    // A Word file saved as PDF: Heading 2 in 13 points, Heading 4 as the body, in 11, and the outline Word writes from them.
    const lines = (y: number, ...texts: string[]) => body(y, ...texts).map((line) => ({ ...line, size: 11 }));
    const pdf = await makeLaidOutPdf(
      [
        [
          { text: '2.1 Remote access', y: 760, size: 13 },
          ...lines(
            736,
            'Every laptop the company issues comes with the VPN client installed and set up for',
            'the office network.',
          ),
          { text: 'Travelling abroad', y: 690, size: 11 },
          ...lines(
            670,
            'Some countries block VPN traffic: tell the service desk a week before you travel, so',
            'that they can set up another route.',
          ),
        ],
      ],
      {
        outline: [
          { title: 'Remote access', depth: 0, page: 0, top: 775 },
          { title: 'Travelling abroad', depth: 1, page: 0, top: 703 },
        ],
      },
    );
    expect(await blocksOf(pdf)).toEqual([
      '# 2.1 Remote access',
      'Every laptop the company issues comes with the VPN client installed and set up for the office network.',
      '## Travelling abroad',
      'Some countries block VPN traffic: tell the service desk a week before you travel, so that they can set up another route.',
    ]);
  });

  it('reads the bars TeX draws for the underscores of its text fonts as underscores', async () => {
    // TeX's roman fonts have no underscore: `\\_` is a bar a third of an em wide on the baseline.
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const words = ['Call asn1', 'der', 'coding to encode.'];
    const pieces: DrawnLine[] = [];
    const bars = [];
    let x = 72;
    for (const [i, text] of words.entries()) {
      pieces.push({ text, x, y: 700 });
      x += font.widthOfTextAtSize(text, 10);
      if (i < words.length - 1) bars.push({ page: 0, y: 700.2, x: x + 0.3, right: x + 3.3 });
      x += 3.6;
    }
    expect(await blocksOf(await makeLaidOutPdf([pieces], { rules: bars }))).toEqual([
      'Call `asn1_der_coding` to encode.',
    ]);
    expect(await blocksOf(await makeLaidOutPdf([pieces]))).toEqual(['Call asn1 der coding to encode.']);
  });

  it('reads the first row of a table set apart by a rule, as LaTeX’s booktabs draws it, as its header, and no row of a grid', async () => {
    const row = (y: number, ...cells: string[]): DrawnLine[] => cells.map((text, i) => ({ text, x: 72 + 110 * i, y }));
    const rows = (y: number) => [
      ...row(y, 'Method', 'nDCG@10', 'Recall@100'),
      ...row(y - 16, 'BM25', '0.679', '0.925'),
      ...row(y - 30, 'Dense retrieval', '0.741', '0.950'),
    ];
    const across = (y: number) => ({ page: 0, y, x: 68, right: 370 });
    const pdf = await makeLaidOutPdf(
      [
        [
          ...body(
            760,
            'We compared the methods on the test queries, and report the scores averaged over five runs below.',
          ),
          ...rows(730),
          ...body(670, 'The same scores in a grid.'),
          ...rows(640),
        ],
      ],
      // Booktabs: above the table, under its first row, below the table. The grid: between every row.
      { rules: [across(743), across(724), across(694), across(653), across(634), across(620), across(604)] },
    );
    expect(await blocksOf(pdf)).toEqual([
      'We compared the methods on the test queries, and report the scores averaged over five runs below.',
      '| Method | nDCG@10 | Recall@100 |\n| --- | --- | --- |\n| BM25 | 0.679 | 0.925 |\n| Dense retrieval | 0.741 | 0.950 |',
      'The same scores in a grid.',
      '| | | |\n| --- | --- | --- |\n| Method | nDCG@10 | Recall@100 |\n| BM25 | 0.679 | 0.925 |\n| Dense retrieval | 0.741 | 0.950 |',
    ]);
  });

  it('reads a paper set in two columns: a bold line a little larger than the body is a subsection beside the other column', async () => {
    // Each column 220 points wide; the right one's subsection heading is level with the left one's prose.
    const column = (x: number, y: number, ...texts: string[]): DrawnLine[] =>
      texts.map((text, i) => ({ text, x, y: y - 12.5 * i }));
    const pdf = await makeLaidOutPdf([
      [
        { text: '3 Method', y: 760, size: 12, font: 'bold' },
        ...column(
          72,
          740,
          'We score each passage by the terms it shares',
          'with the question, weighted by how rare each',
          'term is across the collection, and we fuse that',
          'ranking with the ranking of the vectors.',
        ),
        ...column(
          72,
          682,
          'The two rankings disagree most on questions',
          'that name a thing the passage only implies.',
        ),
        ...column(
          312,
          760,
          'Both rankings are cut at fifty passages each',
          'before they are fused, which bounds the work.',
        ),
        { text: '3.1 Lexical Scoring', x: 312, y: 728, size: 10.5, font: 'bold' },
        ...column(
          312,
          711,
          'A term found in most passages says little of',
          'any one of them, so its weight falls with the',
          'number of passages that hold it, and a long',
          'passage counts for less than a short one.',
        ),
      ],
    ]);
    expect(await blocksOf(pdf)).toEqual([
      '# 3 Method',
      'We score each passage by the terms it shares with the question, weighted by how rare each term is across the collection, and we fuse that ranking with the ranking of the vectors.',
      'The two rankings disagree most on questions that name a thing the passage only implies.',
      'Both rankings are cut at fifty passages each before they are fused, which bounds the work.',
      '## 3.1 Lexical Scoring',
      'A term found in most passages says little of any one of them, so its weight falls with the number of passages that hold it, and a long passage counts for less than a short one.',
    ]);
  });
});
