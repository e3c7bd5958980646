/**
 * BM25 over character 4-grams, computed on the candidate set only. Sub-word
 * matches ("osteoinductive" ~ "inductive", "β-catenin" ~ "catenin") are what word
 * BM25 misses; scoring them on the candidates with document frequencies taken
 * from the candidates themselves needs no extra index and no ingestion cost.
 *
 * A word is a run of letters and digits, lower-cased and padded as `<word>`;
 * its grams are the 4-character windows of the padded word (a padded word
 * shorter than 4 is one gram). This runs on every search over every candidate
 * (about 150 passages), so words of ASCII letters and digits, nearly all text,
 * are scanned by character code with each gram packed into one integer: no
 * regular expression, no substring per gram. Other words take the general path.
 */

import { candidateBm25 } from './candidate-bm25';

const N = 4;
const WORD = /[\p{L}\p{N}]+/gu;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const LT = 60; // '<'
const GT = 62; // '>'

/** Counts of the grams a query cares about in one text, and the text's length in grams. */
interface GramCounts {
  counts: Map<string, number>;
  length: number;
}

/** Packs four 7-bit character codes into one integer (28 bits). */
const pack = (a: number, b: number, c: number, d: number) => (a << 21) | (b << 14) | (c << 7) | d;

/** For each ASCII code: its lower-cased code if a letter or digit, else -1. */
const ASCII_WORD = Int16Array.from({ length: 128 }, (_, code) =>
  code >= 97 && code <= 122 ? code : code >= 48 && code <= 57 ? code : code >= 65 && code <= 90 ? code + 32 : -1,
);

/** Lower-cased ASCII letter or digit code, -1 for other ASCII, -2 for non-ASCII. */
function asciiWordCode(code: number): number {
  return code < 128 ? ASCII_WORD[code]! : -2;
}

/** Grams of a word on the general path (any script). */
function addWordGrams(word: string, into: GramCounts, keep?: ReadonlySet<string>): void {
  const padded = `<${word}>`;
  if (padded.length < N) {
    into.length++;
    if (!keep || keep.has(padded)) into.counts.set(padded, (into.counts.get(padded) ?? 0) + 1);
    return;
  }
  for (let i = 0; i + N <= padded.length; i++) {
    into.length++;
    const gram = padded.slice(i, i + N);
    if (!keep || keep.has(gram)) into.counts.set(gram, (into.counts.get(gram) ?? 0) + 1);
  }
}

/** All grams of a text (the query), general path. */
function allGrams(text: string): Map<string, number> {
  const out: GramCounts = { counts: new Map(), length: 0 };
  for (const match of text.toLowerCase().matchAll(WORD)) addWordGrams(match[0], out);
  return out.counts;
}

/**
 * The query's pure-ASCII grams, packed (packed → gram), with a 64 Ki-slot
 * filter in front: nearly every window of a passage is not a query gram, and
 * one typed-array read rules it out faster than a map lookup.
 */
interface PackedGrams {
  grams: Map<number, string>;
  filter: Uint8Array;
}

const slot = (packed: number) => Math.imul(packed, 0x9e3779b1) >>> 16;

function packedQueryGrams(keep: ReadonlySet<string>): PackedGrams {
  const grams = new Map<number, string>();
  const filter = new Uint8Array(1 << 16);
  for (const gram of keep) {
    if (gram.length !== N || [...gram].some((ch) => ch.charCodeAt(0) >= 128)) continue;
    const packed = pack(gram.charCodeAt(0), gram.charCodeAt(1), gram.charCodeAt(2), gram.charCodeAt(3));
    grams.set(packed, gram);
    filter[slot(packed)] = 1;
  }
  return { grams, filter };
}

/**
 * Counts the query's grams in a text. Equivalent to running the general path
 * over every word, which the tests check against a plain implementation.
 */
function countGrams(text: string, keep: ReadonlySet<string>, packed: PackedGrams): GramCounts {
  const out: GramCounts = { counts: new Map(), length: 0 };
  const bump = (gram: string) => out.counts.set(gram, (out.counts.get(gram) ?? 0) + 1);
  const end = text.length;
  let i = 0;
  while (i < end) {
    let c = asciiWordCode(text.charCodeAt(i));
    if (c === -1 || (c === -2 && !isWordChar(text, i))) {
      i++;
      continue;
    }
    // A word starts here. One pass rolls the window over '<' and its ASCII letters and digits;
    // the query grams met are held until the word turns out to be ASCII to its end.
    const start = i;
    let window = LT;
    let filled = 1;
    let hits: number[] | undefined;
    while (c >= 0) {
      window = ((window << 7) | c) & 0xfffffff;
      if (++filled >= N && packed.filter[slot(window)] === 1) (hits ??= []).push(window);
      c = ++i < end ? asciiWordCode(text.charCodeAt(i)) : -1;
    }
    if (c === -2 && isWordChar(text, i)) {
      // Non-ASCII letters: the general path over the whole word, which splits exactly as the
      // regular expression does.
      let j = i + 1;
      for (; j < end; j++) {
        const code = asciiWordCode(text.charCodeAt(j));
        if (code === -1 || (code === -2 && !isWordChar(text, j))) break;
      }
      for (const match of text.slice(start, j).toLowerCase().matchAll(WORD)) addWordGrams(match[0], out, keep);
      i = j;
      continue;
    }
    const len = i - start + 2; // padded length
    if (len < N) {
      // A one-character word is one gram, `<x>`.
      out.length++;
      const gram = `<${String.fromCharCode(asciiWordCode(text.charCodeAt(start)))}>`;
      if (keep.has(gram)) bump(gram);
      continue;
    }
    out.length += len - N + 1;
    window = ((window << 7) | GT) & 0xfffffff;
    if (packed.filter[slot(window)] === 1) (hits ??= []).push(window);
    if (hits === undefined) continue;
    for (const packedGram of hits) {
      const gram = packed.grams.get(packedGram);
      if (gram !== undefined) bump(gram);
    }
  }
  return out;
}

/** A non-ASCII UTF-16 unit at `at` belongs to a word (a letter or digit, surrogate pairs included). */
function isWordChar(text: string, at: number): boolean {
  const cp = text.codePointAt(at)!;
  if (cp >= 0xdc00 && cp <= 0xdfff && at > 0) return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(at - 1)!));
  return WORD_CHAR.test(String.fromCodePoint(cp));
}

export function charGramScores(
  query: string,
  candidates: { id: string; text: string }[],
  k1 = 1.2,
  b = 0.75,
): Map<string, number> {
  if (candidates.length === 0) return new Map();
  const q = allGrams(query);
  const keep = new Set(q.keys());
  const packed = packedQueryGrams(keep);
  return candidateBm25(
    q,
    candidates.map((c) => ({ id: c.id, ...countGrams(c.text, keep, packed) })),
    k1,
    b,
  );
}
