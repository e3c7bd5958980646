/**
 * BM25 over the names a query spells in two or more words ("Kai Eriksen", "Summit Stove",
 * "TK 200"), computed on the candidate set only: how often a passage says each pair of their
 * words side by side. Word BM25 and the character grams score each word apart, so in a table of
 * people a passage holding "Kai" and "Eriksen" in two other people's names ranked with the one
 * holding "Kai Eriksen". Only pairs of words written as names (a capital or a digit) count: every
 * pair of a question's words ranked SciFact worse (docs/benchmarks.md). Document
 * frequencies come from the candidates, as for the character grams: no index, no ingestion cost.
 */

import { escapeRegExp } from '@/lib/escape-reg-exp';
import { candidateBm25 } from './candidate-bm25';

const WORD = /[\p{L}\p{N}]+/gu;

/** Words that join others ("of the", "is a"): a pair holding one says nothing of a name or a term. */
const GLUE = new Set(
  'a an the of in on at to for by with from and or but is are was were be been it its as that this these those which what who how when where why do does did can not no'.split(
    ' ',
  ),
);

/** Written as (part of) a name: with a capital letter or a digit. */
const NAME_LIKE = /[\p{Lu}\p{N}]/u;

export function phraseScores(
  query: string,
  candidates: { id: string; text: string }[],
  k1 = 1.2,
  b = 0.75,
): Map<string, number> {
  const words = query.match(WORD) ?? [];
  const pairs = new Map<string, number>();
  for (let i = 0; i + 1 < words.length; i++) {
    const [first, second] = [words[i]!, words[i + 1]!];
    if (![first, second].every((w) => NAME_LIKE.test(w) && !GLUE.has(w.toLowerCase()))) continue;
    const pair = `${first.toLowerCase()} ${second.toLowerCase()}`;
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  if (pairs.size === 0 || candidates.length === 0) return new Map();
  // Each pair found as its two words with no letter or digit between them, in any case, on the
  // text as it is: no copy of a passage is made (about 100 of them, on every search).
  const found = [...pairs.keys()].map((pair) => {
    const [first, second] = pair.split(' ').map(escapeRegExp);
    return [pair, new RegExp(`(?<![\\p{L}\\p{N}])${first}[^\\p{L}\\p{N}]+${second}(?![\\p{L}\\p{N}])`, 'giu')] as const;
  });
  const docs = candidates.map((c) => {
    const counts = new Map<string, number>();
    for (const [pair, re] of found) {
      const n = c.text.match(re)?.length ?? 0;
      if (n > 0) counts.set(pair, n);
    }
    // (its length in characters: BM25 needs lengths only relative to the average)
    return { id: c.id, counts, length: c.text.length };
  });
  // (only the passages saying a pair: none at all leaves the phrase share to BM25)
  return new Map([...candidateBm25(pairs, docs, k1, b)].filter(([, score]) => score > 0));
}
