/**
 * Text → hashed features for the local embedding model: stemmed words, word
 * bigrams and character 4-grams, each hashed into a fixed number of signed
 * buckets (the "hashing trick"). Deterministic, no vocabulary, no weights.
 * Hashes are computed from character codes directly: no substrings, no maps
 * keyed by strings, because ingestion speed depends on this loop.
 */

const STOPWORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have he her his how i if in into is it its ' +
    'may might more most no not of on or our she should so such than that the their them then there these they this ' +
    'those to was we were what when where which while who will with would you your also between both each other over ' +
    'under very via within without'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}]+/gu;
const SUFFIXES = [
  'ational',
  'ization',
  'ations',
  'ation',
  'ingly',
  'ings',
  'ing',
  'edly',
  'ies',
  'ied',
  'ed',
  'es',
  's',
  'ly',
];

/** Crude English suffix stripping: enough to make "cells"/"cell" and "treated"/"treat" meet. */
export function stem(word: string): string {
  if (word.length <= 4) return word.endsWith('s') && !word.endsWith('ss') && word.length > 3 ? word.slice(0, -1) : word;
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      if (suffix === 's' && word.endsWith('ss')) return word;
      return word.slice(0, -suffix.length) + (suffix === 'ies' || suffix === 'ied' ? 'y' : '');
    }
  }
  return word;
}

export function words(text: string): string[] {
  const out: string[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const w = match[0];
    if (!STOPWORDS.has(w)) out.push(stem(w));
  }
  return out;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a, 32 bit, over part of a string, continuing from `seed`. */
export function hash32(text: string, seed = FNV_OFFSET, from = 0, to = text.length): number {
  let h = seed;
  for (let i = from; i < to; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME);
  }
  return h >>> 0;
}

export interface FeatureWeights {
  word: number;
  bigram: number;
  charGram: number;
}

export const DEFAULT_WEIGHTS: FeatureWeights = { word: 1, bigram: 0.5, charGram: 0.35 };

// Distinct seeds keep the three feature families apart in hash space.
const WORD_SEED = hash32('w');
const BIGRAM_SEED = hash32('b');
const GRAM_SEED = hash32('c');

/** Adds the text's features into `out` (length = dimensions), then L2-normalises it. */
export function embedHashed(text: string, out: Float32Array, weights: FeatureWeights = DEFAULT_WEIGHTS): Float32Array {
  const dims = out.length;
  const counts = new Map<number, number>();
  const add = (h: number, w: number) => counts.set(h, (counts.get(h) ?? 0) + w);
  const ws = words(text);
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i]!;
    const wh = hash32(w, WORD_SEED);
    add(wh, weights.word);
    const next = ws[i + 1];
    if (next !== undefined) add(hash32(next, (Math.imul(wh, FNV_PRIME) >>> 0) ^ BIGRAM_SEED), weights.bigram);
    if (w.length >= 5 && weights.charGram > 0) {
      const padded = `<${w}>`;
      const weight = weights.charGram / Math.sqrt(padded.length - 3);
      for (let j = 0; j + 4 <= padded.length; j++) add(hash32(padded, GRAM_SEED, j, j + 4), weight);
    }
  }
  for (const [h, weight] of counts) {
    const sign = h & 0x80000000 ? -1 : 1;
    // Sub-linear term frequency: a word said ten times is not ten times as relevant.
    out[h % dims]! += sign * Math.log1p(weight);
  }
  let norm = 0;
  for (let i = 0; i < dims; i++) norm += out[i]! * out[i]!;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < dims; i++) out[i]! /= norm;
  return out;
}
