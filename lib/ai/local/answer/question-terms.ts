// The question's terms and their weights, as sentences are scored by them.
import { CAMEL_BREAK } from '@/lib/knowledge/index';
import { contentTerms, stem, wordsOf } from '@/lib/ai/question-plan/text-terms';
import { questionVerbs } from '../language/answer-types';
import { HOW_ADVERB, SHOULD_I_USE } from './answer-kinds';

/**
 * What a verb said of a pronoun weighs against the question's other words: what it asks about is
 * named by its nouns ("how much storage does it come with?" is not answered by what "comes with" an SLA).
 */
const VERB_WEIGHT = 0.5;

// "What happens when…" asks what follows from the rest of the question: "happens" is how it
// asks, not what it is about ("execution happens on your side" does not answer it).
const WHAT_HAPPENS = /\bwhat\s+(?:happens|happened|(?:will|would|could|can)\s+happen)\b/gi;

/** The question's terms and the weight of each (1, or less for a hint). */
export function questionTerms(question: string): Map<string, number> {
  const verbs = new Set(questionVerbs(question).flatMap((verb) => contentTerms(verb)));
  const how = HOW_ADVERB.exec(question);
  const framed = question.replace(SHOULD_I_USE, (framing) => framing.replace(/\buse$/i, ''));
  const weights = new Map<string, number>();
  for (const word of wordsOf((how ? framed.replace(how[0], 'how') : framed).replace(WHAT_HAPPENS, 'what'))) {
    // A name's words (`streamText`: stream, text) spell it another way, and count as much as it
    // together: "JavaScript" is one word of the question, not three.
    const [whole, ...parts] = contentTerms(word);
    const split = CAMEL_BREAK.test(word) && whole === stem(word.toLowerCase());
    for (const [i, t] of [whole, ...parts].entries()) {
      if (t === undefined) continue;
      const weight = split && i > 0 ? 1 / parts.length : verbs.has(t) ? VERB_WEIGHT : 1;
      weights.set(t, Math.max(weights.get(t) ?? 0, weight));
    }
  }
  return weights;
}

// A noun that only says what kind of thing the name before it is ("the `next build` command", "the
// Link component", "a src prop"): a sentence naming the thing in code says it, as what answers
// seldom names its kind as well ("`next build` creates…").
export const KIND_NOUNS =
  'commands?|functions?|methods?|hooks?|options?|props?|propert(?:y|ies)|settings?|flags?|components?|directives?|parameters?|fields?|variables?|helpers?|class(?:es)?|packages?|modules?';
const KIND_AFTER_NAME = new RegExp(`(\\S+)\\s+(${KIND_NOUNS})\\b`, 'giu');

/** Each kind noun of the question after a name, with the terms of that name. */
export function namedKinds(question: string): Map<string, string[]> {
  const kinds = new Map<string, string[]>();
  for (const [, name, kind] of question.matchAll(KIND_AFTER_NAME)) {
    const named = contentTerms(name!);
    // ("Cache Components" is a name of its own; "which option" asks for one)
    if (named.length > 0 && !/^\p{Lu}/u.test(kind!)) kinds.set(stem(kind!.toLowerCase()), named);
  }
  return kinds;
}

/** The question's camelCase names (`generateText`, `stopWhen`), as the terms their sentences have. */
export function codeNames(question: string): Set<string> {
  return new Set(
    wordsOf(question)
      .filter((w) => CAMEL_BREAK.test(w))
      .flatMap((w) => contentTerms(w).slice(0, 1)),
  );
}
