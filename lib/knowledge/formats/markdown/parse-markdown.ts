import { markdownPreview } from '@/lib/markdown-preview';
import type { ExtractedDocument } from '../extracted-document';
import { blankMdxSyntax } from '../mdx/mdx-syntax';
import { blankFrontMatter, frontMatterTitle, readFrontMatter } from './front-matter';
import { resolveMarkdownLinks } from './resolve-markdown-links';

/**
 * Markdown is already what the chunker reads; its front matter gives the title and is not
 * content, and neither is MDX's ESM and JSX. Both are blanked in place, so offsets hold.
 * Without a front matter title, a level-1 heading that opens the document is the title, as
 * static site generators read it (the heading stays in the text). Fetched from the web, its
 * relative links are written whole (resolveMarkdownLinks).
 */
export function parseMarkdown(text: string, { mdx, address }: { mdx: boolean; address?: string }): ExtractedDocument {
  const fm = readFrontMatter(text);
  const markdown = fm ? blankFrontMatter(text, fm) : text;
  // The front matter is YAML, not MDX: its `{…}` flow mappings are not expressions.
  const end = fm?.end ?? 0;
  const content = mdx ? markdown.slice(0, end) + blankMdxSyntax(markdown.slice(end)) : markdown;
  return {
    text: address ? resolveMarkdownLinks(content, address) : content,
    title: (fm && frontMatterTitle(fm)) || openingHeading(content),
  };
}

/**
 * Blank lines and HTML comments ("This file is generated…"), then an ATX level-1 heading (at
 * most three spaces in: four make it code).
 */
const OPENING_H1 = /^(?:[ \t]*\n|[ \t]*<!--[^]*?-->[ \t]*(?:\n|$))*[ ]{0,3}#[ \t]+([^\n]+?)(?:[ \t]+#+)?[ \t]*(?:\n|$)/;

/** An image, inline or by reference, and one that is a link: a README's badges (`[![npm](…)](…)`). */
const IMAGE = /\[!\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])\](?:\([^)]*\)|\[[^\]]*\])|!\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])/g;

/** The words of the heading that opens the document, when one does; its images are decoration, not words of a name. */
function openingHeading(text: string): string | undefined {
  const heading = OPENING_H1.exec(text)?.[1];
  return heading ? markdownPreview(heading.replace(IMAGE, ' ')) || undefined : undefined;
}
