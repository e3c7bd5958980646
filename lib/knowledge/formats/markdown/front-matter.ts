import { parse } from 'yaml';

export interface FrontMatter {
  /** Where the block ends: the body starts here. */
  end: number;
  data: Record<string, unknown>;
}

// Only the head of a file is searched for the closing fence: front matter is a few lines.
const MAX_FRONT_MATTER_CHARS = 64 * 1024;
const BLOCK = /^---[ \t]*\n(?:([\s\S]*?)\n)?(?:---|\.\.\.)[ \t]*(?:\n|$)/;

/**
 * YAML front matter (Jekyll, Hugo, Docusaurus, Obsidian): a `---` first line, YAML, and a closing
 * `---` or `...` line. Only a block that parses as a YAML mapping counts, so a document that just
 * opens with a thematic break keeps its text. Aliases are capped (no "billion laughs").
 */
export function readFrontMatter(text: string): FrontMatter | undefined {
  const m = BLOCK.exec(text.slice(0, MAX_FRONT_MATTER_CHARS));
  if (!m) return undefined;
  let data: unknown;
  try {
    data = parse(m[1] ?? '', { maxAliasCount: 100, uniqueKeys: false }) ?? {};
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  return { end: m[0].length, data: data as Record<string, unknown> };
}

/** The front matter's `title`, as one line, when it has a usable one. */
export function frontMatterTitle(fm: FrontMatter): string | undefined {
  const title = fm.data.title;
  if (typeof title !== 'string' && typeof title !== 'number') return undefined;
  return String(title).replace(/\s+/g, ' ').trim() || undefined;
}

/**
 * Markdown with its front matter blanked: every character of the block but its line breaks
 * becomes a space, so the metadata is neither chunked nor searched while chunk offsets still
 * point at the same characters of the uploaded file.
 */
export function blankFrontMatter(text: string, fm: FrontMatter): string {
  return text.slice(0, fm.end).replace(/[^\n]/g, ' ') + text.slice(fm.end);
}
