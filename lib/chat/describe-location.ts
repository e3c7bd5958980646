import type { ChunkLocation } from '@/lib/knowledge/types';

/**
 * "Intro › Setup · p. 3" — a citation's place in words, for the chat page and exported
 * transcripts alike. A document's top heading is usually its title too, and is left out
 * when it only repeats it.
 */
export function describeLocation({ title, location }: { title: string; location?: ChunkLocation }): string {
  if (!location) return '';
  const bits: string[] = [];
  const headings = location.headings ?? [];
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const shown = headings.length > 0 && same(headings[0]!, title) ? headings.slice(1) : headings;
  if (shown.length) bits.push(shown.join(' › '));
  if (location.page) bits.push(`p. ${location.page}`);
  return bits.join(' · ');
}
