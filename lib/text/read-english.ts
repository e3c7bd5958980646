// English as wink-nlp reads it (its web model: no download, no weights to fetch): tokens with
// their part of speech, lemma and entity type. The local model's one source of language facts.
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/** Entity types the model tags: DATE, TIME, DURATION, CARDINAL, ORDINAL, MONEY, PERCENT, URL, EMAIL… */
export type EntityType = string;

export interface Token {
  /** As written. */
  value: string;
  /** Lower-cased, British spellings mapped to American ones. */
  normal: string;
  lemma: string;
  /** Universal POS tag: NOUN, PROPN, VERB, AUX, ADP, NUM, PRON, DET, ADJ, ADV, SCONJ, PUNCT… */
  pos: string;
  /** The entity the token is part of, if any. */
  entity?: EntityType;
}

export interface Reading {
  tokens: Token[];
  /** The sentences, each as [first, last] token index. */
  sentences: [number, number][];
}

let instance: ReturnType<typeof winkNLP> | undefined;
/** The one wink-nlp instance (its model takes ~250 ms and some 20 MB to load: once per process). */
export const englishNlp = () => (instance ??= winkNLP(model));
const nlp = englishNlp;

// Passages come back turn after turn; reading one costs ~0.05 ms a sentence, but not twice.
const cache = new Map<string, Reading>();
const MAX_CACHED = 5_000;

/** The text read once: its tokens and sentences. */
export function readText(text: string): Reading {
  const cached = cache.get(text);
  if (cached) return cached;
  const doc = nlp().readDoc(text);
  const reading = {
    tokens: tokensOf(doc),
    sentences: doc.sentences().out(nlp().its.span) as unknown as [number, number][],
  };
  remember(text, reading);
  return reading;
}

function remember(text: string, reading: Reading): void {
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(text, reading);
}

type Doc = ReturnType<ReturnType<typeof winkNLP>['readDoc']>;

function tokensOf(doc: Doc): Token[] {
  const { its } = nlp();
  const tokens = doc.tokens();
  const values = tokens.out(its.value);
  const normals = tokens.out(its.normal);
  const lemmas = tokens.out(its.lemma as never) as string[];
  const pos = tokens.out(its.pos);
  const read: Token[] = values.map((value, i) => ({
    value,
    normal: normals[i]!,
    lemma: (lemmas[i] ?? normals[i]!).toLowerCase(),
    pos: pos[i]!,
  }));
  const types = doc.entities().out(its.type);
  (doc.entities().out(its.span) as unknown as [number, number][]).forEach(([from, to], e) => {
    for (let i = from; i <= to; i++) read[i]!.entity = types[e];
  });
  return read;
}

/**
 * The sentences of a text as wink-nlp bounds them ("St. Louis", "J. Smith", "[O.S. 28 June]" and
 * "…vaccines.[137] In the 1940s" as a reader does), except where no space follows the stop: a
 * name with a dot in it ("Next.js", "micromatch.isMatch()") is one word, not two sentences.
 */
export function sentencesOf(text: string): string[] {
  const cached = sentenceCache.get(text);
  if (cached) return cached;
  const sentences = boundSentences(text);
  if (sentenceCache.size >= MAX_CACHED) sentenceCache.delete(sentenceCache.keys().next().value!);
  sentenceCache.set(text, sentences);
  return sentences;
}

// (a passage found again, as the passages of a knowledge base are question after question, is not read again)
const sentenceCache = new Map<string, string[]>();

function boundSentences(text: string): string[] {
  const engine = nlp();
  const { its } = engine;
  const doc = engine.readDoc(text);
  const values = doc.tokens().out(its.value);
  const spaces = doc.tokens().out(its.precedingSpaces);
  const sentences: string[] = [];
  const ranges: [number, number][] = [];
  const join = (from: number, to: number) => {
    let piece = '';
    for (let i = from; i <= to; i++) piece += (i === from ? '' : spaces[i]!) + values[i]!;
    return piece;
  };
  let pending = '';
  let pendingFrom = 0;
  for (const [first, to] of doc.sentences().out(its.span) as unknown as [number, number][]) {
    let from = first;
    if (sentences.length > 0 && spaces[from] === '') {
      // A reference mark after the stop ("1856.[3] He moved") ends the sentence before.
      const close = values[from] === '[' ? values.indexOf(']', from) : -1;
      const end = close >= 0 && close < to ? close : to;
      if (end >= from)
        [sentences[sentences.length - 1], ranges.at(-1)![1]] = [sentences.at(-1)! + join(from, end), end];
      from = end + 1;
      if (from > to) continue;
    }
    let sentence = join(from, to);
    // (a list's number, "1.", opens the sentence after it rather than ending one)
    if (pending) [sentence, pending, from] = [`${pending}${spaces[from]}${sentence}`, '', pendingFrom];
    if (/^\d{1,3}[.)]$/.test(sentence)) {
      [pending, pendingFrom] = [sentence, from];
      continue;
    }
    // (marks alone, as a fence's "~~~" after a sentence, are no sentence of their own)
    if (sentences.length > 0 && !/[\p{L}\p{N}]/u.test(sentence))
      [sentences[sentences.length - 1], ranges.at(-1)![1]] = [sentences.at(-1)! + spaces[from] + sentence, to];
    else {
      sentences.push(sentence);
      ranges.push([from, to]);
    }
  }
  if (pending) sentences.push(pending);
  // Each sentence's tokens, read here in their paragraph, serve whoever reads that sentence next.
  const tokens = tokensOf(doc);
  ranges.forEach(([from, to], i) => {
    if (!cache.has(sentences[i]!))
      remember(sentences[i]!, { tokens: tokens.slice(from, to + 1), sentences: [[0, to - from]] });
  });
  return sentences;
}
