import { describe, expect, it } from 'vitest';
import { parseDocx } from '@/lib/knowledge/formats';
import { makeDocx } from '../../integration/knowledge/fixtures';

describe('parseDocx', () => {
  it('keeps code set in a monospaced font as code: paragraphs as one block with their indentation, words as code spans', async () => {
    const { text } = await parseDocx(
      makeDocx([
        '# Setup',
        'Run `npm install` once, then **start** it:',
        '    if (ready) {',
        '        start(2 * 3);',
        '    }',
        'It listens on port 3000.',
      ]),
    );
    expect(text).toBe(
      '# Setup\n\nRun `npm install` once, then **start** it:\n\n```\nif (ready) {\n    start(2 * 3);\n}\n```\n\nIt listens on port 3000.',
    );
  });

  it('reads a paragraph in the Title style as a level-1 heading', async () => {
    const { text } = await parseDocx(makeDocx(['{Title}Pump manual', '## Safety', 'Never run it dry.']));
    expect(text).toBe('# Pump manual\n\n## Safety\n\nNever run it dry.');
  });

  it('reads a paragraph styled as code (pandoc writes "Source Code") as a code block', async () => {
    const { text } = await parseDocx(makeDocx(['Build it:', '{Source Code}make all', '{Source Code}make install']));
    expect(text).toBe('Build it:\n\n```\nmake all\nmake install\n```');
  });

  it('keeps where a hyperlink to a web address goes, and only the words of one to a bookmark', async () => {
    const { text } = await parseDocx(
      makeDocx([
        '# Access',
        'Fill in the [access form](https://intranet.example.com/forms/vpn) as [Access](#_Toc1) says.',
      ]),
    );
    expect(text).toBe('# Access\n\nFill in the [access form](https://intranet.example.com/forms/vpn) as Access says.');
  });

  it('reads a table whose first row is set in bold as a Markdown table under that header, and no other table', async () => {
    const { text } = await parseDocx(
      makeDocx([
        'Flow rates:',
        '{Table}**Model** | **Litres per minute** // Z-100 | 40 // Z-200 | 80',
        'Contacts:',
        '{Table}**Service desk** | extension 4000 // **Facilities** | extension 4100',
        '{Table}**Warning** | **Never run the pump dry**',
      ]),
    );
    expect(text.split('\n\n')).toEqual([
      'Flow rates:',
      '| Model | Litres per minute |\n| --- | --- |\n| Z-100 | 40 |\n| Z-200 | 80 |',
      'Contacts:',
      '**Service desk** | extension 4000',
      '**Facilities** | extension 4100',
      '**Warning** | **Never run the pump dry**',
    ]);
  });

  it('reads the first row of a table whose style sets it apart (Header Row ticked) as its header, and not under the plain Table Grid', async () => {
    const rows = 'Model | Litres per minute // Z-100 | 40 // Z-200 | 80';
    const { text } = await parseDocx(makeDocx([`{Table:GridTable4-Accent1}${rows}`, `{Table}${rows}`]));
    expect(text.split('\n\n')).toEqual([
      '| Model | Litres per minute |\n| --- | --- |\n| Z-100 | 40 |\n| Z-200 | 80 |',
      'Model | Litres per minute',
      'Z-100 | 40',
      'Z-200 | 80',
    ]);
  });

  it('escapes the marks Markdown would read in the text, so it reads as written', async () => {
    const { text } = await parseDocx(
      makeDocx(['Match *.tar.gz and 2*3*4 with <MIME> types.', '1. is not a list here']),
    );
    expect(text).toBe('Match \\*.tar.gz and 2\\*3\\*4 with \\<MIME> types.\n\n1\\. is not a list here');
  });

  it('keeps Heading 1 and Heading 2 on their levels and every paragraph, however long the document', async () => {
    // Long enough that a reader view would find an article in it, and make the sections' level 2.
    const long = 'The installer copies the service files, creates its user and starts it with the defaults. '
      .repeat(4)
      .trim();
    const { text } = await parseDocx(
      makeDocx(['# Installation', long, '## On Linux', 'Use the package.', '# Upgrades', long]),
    );
    expect(text).toBe(`# Installation\n\n${long}\n\n## On Linux\n\nUse the package.\n\n# Upgrades\n\n${long}`);
  });
});
