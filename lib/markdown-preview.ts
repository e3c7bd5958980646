import { besideEscapes } from '@/lib/without-marks';

/**
 * A passage's Markdown read as plain text, for a few clamped lines: heading marks, emphasis,
 * code ticks, quote and list marks and link targets go; the words stay, an escaped character
 * (`\*`) as itself.
 */
export function markdownPreview(markdown: string): string {
  return besideEscapes(markdown, preview, '');
}

function preview(markdown: string): string {
  return (
    markdown
      .replace(/^[ \t]*(?:#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+|```.*$|~~~.*$)/gm, '')
      // (an image first, so that one inside a link, a badge, leaves its words: `[![npm](…)](…)`)
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/(\*\*?|`)(?=\S)([^]*?\S)\1/g, '$2')
      .replace(/(?<!\w)(__?)(?=\S)([^]*?\S)\1(?!\w)/g, '$2')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
