// Which index term a word the index lacks was meant as, if any: the choice, apart from the database.
import { COMMON_COUNT } from '@/lib/english-words';
import { editDistance } from '@/lib/text/edit-distance';

export interface Correction {
  /** The word as asked ("expences"). */
  word: string;
  /** The word searched for instead, as English spells it or a passage does ("expenses"). */
  correction: string;
}

/** An index term near a word: its lexeme, its document frequency in the asker's reach, its spelling. */
export interface SpellingCandidate {
  term: string;
  df: number;
  /** How a passage or English spells the term nearest to the word; none known: never chosen. */
  surface?: string;
  /** The word and the term sound alike (Double Metaphone): "loose" and "lose", not "taxes" and "take". */
  soundsAlike: boolean;
}

/**
 * What each further edit costs against frequency: a term one more edit away must be this many
 * times commoner to be the likelier meaning (the noisy-channel weighting of a spelling corrector).
 */
const EDIT_COST = 1000;

/**
 * A word worth correcting: four letters or more, letters only, no capital inside: numbers,
 * versions and code names (`generateText`, `v2`) are asked as they are meant.
 */
export function correctable(word: string): boolean {
  return word.length >= 4 && /^\p{L}\p{Ll}+$/u.test(word);
}

/**
 * The correction of a word the index lacks, among index terms near it: the fewest edits (one; two
 * from nine letters on), by the word or by its stem, and of those the commonest in the index. A
 * real English word ("taxes") is what the asker meant and is left alone, but for the real-word
 * slip that sounds as a commoner word one letter away does ("loose" for "lose"): English can
 * only tell it by sound, and the index, lacking the word asked, says which was meant. Never to
 * one of the commonest words ("hole" is not taken for "whole"): it would tell search nothing.
 */
export function chooseCorrection({
  word,
  stem,
  candidates,
  isWord,
  englishCount,
}: {
  word: string;
  stem: string;
  candidates: SpellingCandidate[];
  isWord: (word: string) => boolean;
  englishCount: (word: string) => number;
}): Correction | undefined {
  if (!correctable(word)) return undefined;
  const asked = word.toLowerCase();
  const max = asked.length >= 9 ? 2 : 1;
  const real = isWord(asked);
  let best: { surface: string; score: number } | undefined;
  for (const { term, df, surface, soundsAlike } of candidates) {
    if (!surface || surface === asked || df <= 0 || /\p{N}/u.test(term)) continue;
    const edits = Math.min(editDistance(stem, term, max), editDistance(asked, surface, max));
    // (stems can be nearer than the words: "wifi" is one edit from the stem of "wily", two from
    // the word; a short word is only ever taken for one a single edit from it as written)
    if (edits > max || editDistance(asked, surface, max + 1) > (asked.length < 6 ? max : max + 1)) continue;
    if (real && !soundSlip(asked, surface, soundsAlike, englishCount)) continue;
    const score = Math.log(df) - edits * Math.log(EDIT_COST);
    if (!best || score > best.score) best = { surface, score };
  }
  return best && { word, correction: best.surface };
}

/** A real word written for the commoner, still telling, word it sounds like one letter away. */
function soundSlip(asked: string, surface: string, soundsAlike: boolean, englishCount: (w: string) => number) {
  const count = englishCount(surface);
  return soundsAlike && editDistance(asked, surface, 1) === 1 && count > englishCount(asked) && count < COMMON_COUNT;
}
