import { describe, expect, it } from 'vitest';
import { blankFrontMatter, frontMatterTitle, readFrontMatter } from '@/lib/knowledge/formats';
import { chunkText } from '@/lib/knowledge/index';
import { defaultTitle } from '@/lib/knowledge/sources';

const page = [
  '---',
  'title: "Prompts: the basics"',
  'description: Learn about prompts.',
  'tags: [ai, sdk]',
  '---',
  '',
  '# Prompts',
  '',
  'Prompts tell a model what to do.',
  '',
].join('\n');

describe('readFrontMatter', () => {
  it('reads a YAML block at the top of a Markdown file and its title', () => {
    const fm = readFrontMatter(page);
    expect(fm?.data).toEqual({
      title: 'Prompts: the basics',
      description: 'Learn about prompts.',
      tags: ['ai', 'sdk'],
    });
    expect(page.slice(fm!.end)).toBe('\n# Prompts\n\nPrompts tell a model what to do.\n');
    expect(frontMatterTitle(fm!)).toBe('Prompts: the basics');
  });

  it('blanks the block so nothing of it is chunked, keeping every offset of the file', () => {
    const text = blankFrontMatter(page, readFrontMatter(page)!);
    expect(text).toHaveLength(page.length);
    expect(text.split('\n')).toHaveLength(page.split('\n').length);
    const chunks = chunkText(text, { targetTokens: 200, overlapTokens: 0 });
    expect(chunks.map((c) => c.text)).toEqual(['# Prompts\n\nPrompts tell a model what to do.']);
    const { start, end } = chunks[0]!.location;
    expect(page.slice(start, end)).toBe(chunks[0]!.text);
  });

  it('accepts "..." as the closing line and an empty block', () => {
    expect(readFrontMatter('---\ntitle: Notes\n...\nBody')?.data).toEqual({ title: 'Notes' });
    expect(readFrontMatter('---\n---\nBody')).toMatchObject({ end: 8, data: {} });
  });

  it('leaves a document that only opens with a thematic break, or whose block is not YAML, alone', () => {
    expect(readFrontMatter('---\nA paragraph between two rules.\n---\nMore text.')).toBeUndefined();
    expect(readFrontMatter('---\n- a list\n- not a mapping\n---\n')).toBeUndefined();
    expect(readFrontMatter('---\ntitle: [unclosed\n---\n')).toBeUndefined();
    expect(readFrontMatter('Intro\n---\ntitle: late\n---\n')).toBeUndefined();
    expect(readFrontMatter('---\ntitle: never closed\n\n# Heading')).toBeUndefined();
  });

  it('refuses alias expansion bombs instead of inflating them', () => {
    const lines = ['---', 'a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 12; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      lines.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(',')}]`);
    }
    lines.push('---', 'Body');
    expect(readFrontMatter(lines.join('\n'))).toBeUndefined();
  });

  it('only takes a title that is text or a number', () => {
    expect(frontMatterTitle(readFrontMatter('---\ntitle:\n  - a\n---\n')!)).toBeUndefined();
    expect(frontMatterTitle(readFrontMatter('---\ntitle: 2024\n---\n')!)).toBe('2024');
    expect(frontMatterTitle(readFrontMatter('---\ntitle: >\n  Two\n  lines\n---\n')!)).toBe('Two lines');
  });
});

describe('defaultTitle of a text source', () => {
  it('uses the front-matter title, else the first line after the block', () => {
    expect(defaultTitle({ text: page })).toBe('Prompts: the basics');
    expect(defaultTitle({ text: '---\nauthor: me\n---\n\n## Release notes\n\nFixed.' })).toBe('Release notes');
    expect(defaultTitle({ text: '# Plain heading\n\nBody' })).toBe('Plain heading');
  });
});
