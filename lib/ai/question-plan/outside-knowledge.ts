/**
 * Telling a question the knowledge base cannot answer. The local model answers with the
 * passages' sentences that share the most words with the question, so it cannot judge whether
 * they answer it: "What is the refund policy?" over API docs would get a sentence about a
 * tool-approval policy. What it can know is that the knowledge base has never mentioned what the
 * question is about.
 */
import { COMMON_COUNT, englishCount } from '@/lib/english-words';
import { editDistance } from '@/lib/text/edit-distance';
import { contentTerms, isStopword, wordsOf } from './text-terms';

/**
 * The words that tell what a question is about, lower-cased, each once: not stop words, not one
 * of the commonest words of English ("how long do I have to ask…"), not numbers (a version, a
 * count, a year: the knowledge base may well not have that one), at least two characters.
 */
export function tellingWords(question: string): string[] {
  return [
    ...new Set(
      wordsOf(question)
        .map((w) => w.toLowerCase())
        .filter((w) => w.length > 1 && !/^\p{N}+$/u.test(w) && !isStopword(w) && englishCount(w) < COMMON_COUNT),
    ),
  ];
}

/**
 * At least half the question's telling words (see `wordsSeen`: the ones with a lexeme) appear in
 * no chunk of the knowledge base, and no two of its words follow one another in a passage found.
 * A word counts as seen when it is a misspelling of a word of the passages: a word English does
 * not use, one edit away (two from nine letters on), as "genrateText" is from `generateText`. A
 * real word one edit from another ("taxes", "takes") is not a misspelling. Two words of the
 * question in a row in a passage name its subject as the knowledge base does ("What temperature
 * suits black tea?" over "Black tea wants boiling water"), whatever words it asks that with.
 */
export function outsideKnowledge({
  question,
  words,
  passages,
}: {
  question: string;
  words: { word: string; seen: boolean }[];
  passages: string[];
}): boolean {
  if (words.length === 0) return false;
  const unseen = words.filter((w) => !w.seen).map((w) => w.word);
  if (unseen.length * 2 < words.length) return false;
  const passageWords = [...new Set(passages.flatMap((text) => wordsOf(text.toLowerCase())))];
  const misspelt = unseen.filter(
    (word) =>
      word.length >= 5 &&
      englishCount(word) === 0 &&
      passageWords.some((p) => withinEdits(word, p, word.length >= 9 ? 2 : 1)),
  );
  if ((unseen.length - misspelt.length) * 2 < words.length) return false;
  return !sharesPhrase(question, passages);
}

/** Two words of the question (stop words aside, stemmed) follow one another in a passage. */
function sharesPhrase(question: string, passages: string[]): boolean {
  const terms = contentTerms(question);
  const pairs = new Set(terms.slice(1).map((term, i) => `${terms[i]} ${term}`));
  return passages.some((text) => {
    const said = contentTerms(text);
    return said.slice(1).some((term, i) => pairs.has(`${said[i]} ${term}`));
  });
}

/** The edit distance of a and b (see `editDistance`) is at most `max`. */
export function withinEdits(a: string, b: string, max: number): boolean {
  return editDistance(a, b, max) <= max;
}
