import { describe, expect, it } from 'vitest';
import { chunkText } from '@/lib/knowledge/index';
import { blankMdxSyntax } from '@/lib/knowledge/formats';

const page = [
  "import { Tabs } from '@/components/tabs';",
  "export const meta = { author: 'Ada' };",
  '',
  '# Streaming',
  '',
  '<Note type="warning">',
  '  Streaming needs a runtime that supports it.',
  '</Note>',
  '',
  'Call `streamText` with `{ model }` and read {/* a comment with a } brace */} the stream.',
  '',
  '<ExampleLinks',
  '  examples={[',
  "    { title: 'Stream text in Node.js', link: '/examples/node' },",
  '  ]}',
  '/>',
  '',
  '```tsx',
  "import { streamText } from 'ai';",
  '<Chat messages={messages} />',
  '```',
  '',
  'Use <b>bold</b> as in Markdown.',
].join('\n');

describe('blankMdxSyntax', () => {
  const text = blankMdxSyntax(page);

  it('keeps the prose and the code, and every offset of the file', () => {
    expect(text).toHaveLength(page.length);
    expect(text.split('\n')).toHaveLength(page.split('\n').length);
    const words = text.replace(/\s+/g, ' ').trim();
    expect(words).toBe(
      "# Streaming Streaming needs a runtime that supports it. Call `streamText` with `{ model }` and read the stream. ```tsx import { streamText } from 'ai'; <Chat messages={messages} /> ``` Use <b>bold</b> as in Markdown.",
    );
  });

  it('leaves nothing of ESM, component tags or expressions for the chunker', () => {
    const chunks = chunkText(text, { targetTokens: 200, overlapTokens: 0 });
    const all = chunks.map((c) => c.text).join('\n');
    for (const gone of [
      '@/components/tabs',
      'author',
      '<Note',
      '</Note>',
      'ExampleLinks',
      '/examples/node',
      'a comment',
    ])
      expect(all).not.toContain(gone);
    // Offsets still frame the same text in the uploaded file.
    for (const c of chunks) {
      const original = page.slice(c.location.start, c.location.end);
      expect(original.startsWith(c.text.slice(0, 12))).toBe(true);
      expect(original.endsWith(c.text.slice(-12))).toBe(true);
    }
  });

  it('keeps the name of a bare component that is all a table cell holds, at its offset', () => {
    const table = [
      '| Model | Tool Usage | Notes |',
      '| --- | --- | --- |',
      '| `a-1` | <Check /> | fast <Check /> |',
      '| `b-2` |<Cross/>| <Note>beta</Note> |',
      'Prose <Check /> here.',
    ].join('\n');
    const out = blankMdxSyntax(table);
    expect(out).toHaveLength(table.length);
    expect(out.split('\n').map((line) => line.replace(/\s+/g, ' '))).toEqual([
      '| Model | Tool Usage | Notes |',
      '| --- | --- | --- |',
      // The cell's value stays where the tag began; one among words, or outside a table, goes.
      '| `a-1` | Check | fast |',
      '| `b-2` |Cross | beta |',
      'Prose here.',
    ]);
  });

  it('leaves a stray brace or an unclosed tag in prose alone', () => {
    expect(blankMdxSyntax('Sets look like { a, b in maths.')).toBe('Sets look like { a, b in maths.');
    expect(blankMdxSyntax('A <Widget that never closes')).toBe('A <Widget that never closes');
  });
});
