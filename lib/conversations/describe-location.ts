import type { ChunkLocation } from '@/lib/knowledge/sources';
import { unescapeMarkdown, withoutMarks } from '@/lib/without-marks';

/**
 * "Intro › Setup · p. 3" (or "pp. 3–4") — a citation's place in words, for the chat page and exported
 * transcripts alike. A document's top heading is usually its title too, and is left out
 * when it only repeats it. Headings are Markdown as written; they are shown as their words.
 */
export function describeLocation({ title, location }: { title: string; location?: ChunkLocation }): string {
  if (!location) return '';
  const bits: string[] = [];
  const headings = (location.headings ?? []).map(headingText);
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const shown = headings.length > 0 && same(headings[0]!, title) ? headings.slice(1) : headings;
  if (shown.length) bits.push(shown.join(' › '));
  if (location.page) bits.push(location.pageEnd ? `pp. ${location.page}–${location.pageEnd}` : `p. ${location.page}`);
  return bits.join(' · ');
}

/** "`streamText` and [links](…)" → "streamText and links": a heading's words without its inline marks (`\*` is `*`). */
function headingText(heading: string): string {
  return unescapeMarkdown(withoutMarks(heading.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1'))).trim();
}
