import { defineFormat } from '../format';

/** Markdown: read as written, its front matter giving the title (parse-markdown.ts). */
export const markdown = defineFormat({
  name: 'markdown',
  label: 'Markdown',
  mediaType: 'text/markdown',
  extensions: ['md', 'markdown'],
  // Front matter, or a heading line: read as Markdown, so the front matter is a title, not text.
  sniff: (text) => (/^---\r?\n[\s\S]*?\r?\n---\r?\n/.test(text) || /^#{1,6} \S/m.test(text.slice(0, 4096))) && 'hint',
  heavy: false,
});
