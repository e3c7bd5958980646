import { describe, expect, it } from 'vitest';
import { chunkText, countTokens } from '@/lib/knowledge/index';

describe('chunkText', () => {
  const doc = `# Guide\n\nIntro one. Intro two.\n\n## Install\n\n${'Run the installer now. '.repeat(30)}\n\n## Use\n\nUse it well.`;

  it('splits on headings and keeps the heading path and exact offsets', () => {
    const chunks = chunkText(doc, { targetTokens: 40, overlapTokens: 0 });
    expect(chunks[0]!.location.headings).toEqual(['Guide']);
    expect(chunks.at(-1)!.location.headings).toEqual(['Guide', 'Use']);
    for (const c of chunks) {
      expect(doc.slice(c.location.start, c.location.end)).toBe(c.text);
      expect(c.tokenCount).toBeLessThanOrEqual(40);
    }
    expect(chunks.some((c) => c.location.headings?.join('/') === 'Guide/Install')).toBe(true);
  });

  it('gives a chunk that starts inside a table the header naming its columns', () => {
    const rows = Array.from({ length: 40 }, (_, i) => `| model-${i} | ${i % 2 ? 'yes' : 'no'} | ${i * 10} ms |`);
    const header = '| Model | Tool streaming | Latency |\n| :--- | :---: | ---: |';
    const doc = `## Capabilities\n\nWhat each model can do:\n\n${header}\n${rows.join('\n')}\n\nPrices are on another page, | not | a table.`;
    const chunks = chunkText(doc, { targetTokens: 60, overlapTokens: 0 });
    expect(chunks.length).toBeGreaterThan(3);
    const [first, ...rest] = chunks;
    // The first chunk holds the header itself; the ones below it carry it; the text stays exact.
    expect(first!.text).toContain(header);
    expect(first!.location.tableHeader).toBeUndefined();
    const inTable = rest.filter((c) => c.text.startsWith('| model-'));
    expect(inTable.length).toBe(rest.length - (rest.at(-1)!.text.startsWith('Prices') ? 1 : 0));
    for (const c of inTable) expect(c.location.tableHeader).toBe(header);
    for (const c of chunks) expect(doc.slice(c.location.start, c.location.end)).toBe(c.text);
    // A chunk after the table, and one of a text with bars but no delimiter row, carry none.
    const after = chunkText(`${header}\n| a | b | c |\n\n${'Prose after the table. '.repeat(40)}`, {
      targetTokens: 30,
      overlapTokens: 0,
    });
    expect(after.slice(1).every((c) => c.location.tableHeader === undefined)).toBe(true);
    const fenced = chunkText(`\`\`\`md\n${header}\n${rows.join('\n')}\n\`\`\``, { targetTokens: 30, overlapTokens: 0 });
    expect(fenced.length).toBeGreaterThan(1);
    expect(fenced.every((c) => c.location.tableHeader === undefined)).toBe(true);
    const noTable = chunkText(Array.from({ length: 40 }, (_, i) => `| row ${i} | cell |`).join('\n'), {
      targetTokens: 30,
      overlapTokens: 0,
    });
    expect(noTable.every((c) => c.location.tableHeader === undefined)).toBe(true);
  });

  it('gives a chunk that starts inside a fenced code block the fence that opens it', () => {
    const code = Array.from({ length: 60 }, (_, i) => `  const value${i} = compute(${i}); // step ${i}`).join('\n');
    const doc = `## Usage\n\nCreate the client:\n\n\`\`\`ts\n${code}\n\`\`\`\n\n${'Prose after the code. '.repeat(30)}`;
    for (const overlapTokens of [0, 16]) {
      const chunks = chunkText(doc, { targetTokens: 60, overlapTokens });
      for (const c of chunks) expect(doc.slice(c.location.start, c.location.end)).toBe(c.text);
      const first = chunks[0]!;
      expect(first.text).toContain('```ts');
      expect(first.location.codeFence).toBeUndefined();
      const inCode = chunks.filter((c) => c.text.startsWith('const value'));
      expect(inCode.length).toBeGreaterThan(1);
      for (const c of inCode) expect(c.location.codeFence).toBe('```ts');
      expect(chunks.filter((c) => c.text.startsWith('Prose')).every((c) => c.location.codeFence === undefined)).toBe(
        true,
      );
    }
    // A chunk that starts on the opening fence itself holds it, and needs none.
    const two = chunkText(`${'Intro words here. '.repeat(20)}\n\n~~~\nshort code\n~~~`, {
      targetTokens: 60,
      overlapTokens: 0,
    });
    expect(two.at(-1)!.text.startsWith('~~~')).toBe(true);
    expect(two.every((c) => c.location.codeFence === undefined)).toBe(true);
  });

  it('ends a chunk between two table rows, not inside one whose first cell names what it says', () => {
    const row = (name: string) =>
      `| \`${name}\` | \`local\` | ${'Each value is read at start. Any other value stops the start; '.repeat(3)}see below. |`;
    const doc = `| setting | default | meaning |\n| --- | --- | --- |\n${['CHAT_MODEL', 'EMBEDDING_MODEL', 'SEARCH_K', 'CHUNK_TOKENS', 'MAX_UPLOAD_BYTES'].map(row).join('\n')}`;
    for (const overlapTokens of [0, 32]) {
      const chunks = chunkText(doc, { targetTokens: 90, overlapTokens });
      expect(chunks.length).toBeGreaterThan(2);
      for (const c of chunks) {
        expect(c.text).toMatch(/^\|/);
        expect(c.text).toMatch(/\|$/);
        expect(c.tokenCount).toBeLessThanOrEqual(90);
      }
    }
    // (a row over the target alone is still cut, at its sentences)
    const long = chunkText(
      `| a | b |\n| --- | --- |\n${row('ONE')}\n| \`TWO\` | ${'A sentence of the long row. '.repeat(40)}|\n${row('THREE')}\n`,
      { targetTokens: 90, overlapTokens: 0 },
    );
    expect(long.length).toBeGreaterThan(2);
    expect(long.slice(1).every((c) => c.tokenCount <= 90)).toBe(true);
    expect(long.some((c) => c.text.startsWith('A sentence of the long row.'))).toBe(true);
    expect(long.at(-1)!.text.endsWith(`\n${row('THREE')}`)).toBe(true);
  });

  it('makes no passage of a heading with nothing under it', () => {
    const policy =
      '# Vacation Policy\n\n## Allowance\n\nYou get 27 days a year.\n\n## Carry-over\n\nUp to 5 days move to the next year.\n\n## Appendix\n';
    const chunks = chunkText(policy, { targetTokens: 40, overlapTokens: 0 });
    expect(chunks.map((c) => c.location.headings)).toEqual([
      ['Vacation Policy', 'Allowance'],
      ['Vacation Policy', 'Carry-over'],
    ]);
    // The opening heading stays in the text of the section it opens, offsets exact.
    expect(chunks[0]!.text).toBe('# Vacation Policy\n\n## Allowance\n\nYou get 27 days a year.');
    for (const c of chunks) expect(policy.slice(c.location.start, c.location.end)).toBe(c.text);
    // A text of headings alone is still indexed.
    expect(chunkText('# Title only', { targetTokens: 40, overlapTokens: 0 }).map((c) => c.text)).toEqual([
      '# Title only',
    ]);
  });

  it('never takes a # comment in a fenced code block for a heading', () => {
    const readme = [
      '# Tool',
      '## Usage',
      '```sh',
      '# start the server',
      'tool serve',
      '```',
      '~~~python',
      '# also code',
      '~~~',
      'Then open the page.',
      '## Architecture',
      'It has one process.',
    ].join('\n\n');
    const chunks = chunkText(readme, { targetTokens: 5, overlapTokens: 0 });
    const headingsOf = (word: string) => chunks.find((c) => c.text.includes(word))?.location.headings;
    expect(headingsOf('serve')).toEqual(['Tool', 'Usage']);
    expect(headingsOf('Then open')).toEqual(['Tool', 'Usage']);
    expect(headingsOf('one process')).toEqual(['Tool', 'Architecture']);
    // An unclosed fence runs to the end of the text.
    expect(
      chunkText('## A\n\n```\n# not a heading\n\ncode', { targetTokens: 3, overlapTokens: 0 }).every(
        (c) => c.location.headings?.join() === 'A',
      ),
    ).toBe(true);
  });

  it('splits long paragraphs at sentences and repeats up to the overlap', () => {
    const chunks = chunkText(doc, { targetTokens: 20, overlapTokens: 8 }).filter((c) =>
      c.location.headings?.includes('Install'),
    );
    expect(chunks.length).toBeGreaterThan(3);
    for (let i = 1; i < chunks.length; i++) expect(chunks[i]!.location.start).toBeLessThan(chunks[i - 1]!.location.end);
    expect(chunks.every((c) => /^Run|^## Install/.test(c.text))).toBe(true);
  });

  it('cuts a sentence longer than the target into word runs', () => {
    const long = Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ');
    const chunks = chunkText(long, { targetTokens: 30, overlapTokens: 0 });
    expect(chunks.map((c) => c.tokenCount)).toEqual([30, 30, 30, 10]);
    expect(chunks.map((c) => c.text).join(' ')).toBe(long);
  });

  it('gives each chunk the PDF pages it runs over', () => {
    const text = 'Page one text.\n\nPage two text.';
    const chunks = chunkText(text, { targetTokens: 100, overlapTokens: 0, pageStarts: [0, 16] });
    expect(chunks.map((c) => [c.text, c.location.page, c.location.pageEnd])).toEqual([[text, 1, 2]]);
    const small = chunkText(text, { targetTokens: 3, overlapTokens: 0, pageStarts: [0, 16] });
    expect(small.map((c) => [c.text, c.location.page, c.location.pageEnd])).toEqual([
      ['Page one text.', 1, undefined],
      ['Page two text.', 2, undefined],
    ]);
  });

  it('keeps a sentence that runs over a page turn in one chunk', () => {
    // joinPages continues a paragraph cut by a page turn; the turn is no place to cut it again.
    const text = 'The retry budget is five attempts per hour for each client.';
    const turn = text.indexOf('per hour');
    const chunks = chunkText(text, { targetTokens: 100, overlapTokens: 0, pageStarts: [0, turn] });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ text, location: { page: 1, pageEnd: 2 } });
  });

  it('returns nothing for blank text and counts tokens as words', () => {
    expect(chunkText('  \n\n ', { targetTokens: 10, overlapTokens: 2 })).toEqual([]);
    expect(countTokens(' a b\tc\n')).toBe(3);
  });

  it('cuts an over-long paragraph at sentence ends, not after an abbreviation or an initial', () => {
    const text = 'It rained. Mr. Smith went to St. Paul c. 1700 with J. Doe. They left.';
    const chunks = chunkText(text, { targetTokens: 12, overlapTokens: 0 });
    // (the old `[.!?]\s` split ended the first chunk at "with J.")
    expect(chunks.map((c) => c.text)).toEqual([
      'It rained.',
      'Mr. Smith went to St. Paul c. 1700 with J. Doe.',
      'They left.',
    ]);
  });
});
