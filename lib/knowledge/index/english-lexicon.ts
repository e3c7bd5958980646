// The English a spelling correction needs: whether a word is one (Hunspell's en_US dictionary,
// through nspell), and a stemmed term's everyday spellings (the words of SUBTLEX-US whose stem,
// by the Snowball English stemmer the index's `english` configuration also uses, is the term).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import nspell from 'nspell';
import type { ItsFunction } from 'wink-nlp';
import { englishCount, englishWordsFrom } from '@/lib/english-words';
import { packagePath } from '@/lib/package-path';
import { editDistance } from '@/lib/text/edit-distance';
import { englishNlp } from '@/lib/text/read-english';

type Speller = ReturnType<typeof nspell>;
let speller: Speller | undefined;

/** Hunspell knows the word (any inflection its affix rules make): "taxes", "loose"; not "expences". */
export function isEnglishWord(word: string): boolean {
  speller ??= loadSpeller();
  return speller.correct(word);
}

// Read from node_modules at run time: dictionary-en reads its files relative to its own module,
// which the server bundle moves.
function loadSpeller(): Speller {
  const dir = path.dirname(packagePath('dictionary-en'));
  return nspell({ aff: readFileSync(path.join(dir, 'index.aff')), dic: readFileSync(path.join(dir, 'index.dic')) });
}

const stems = new Map<string, string>();

/** The word's Snowball (Porter2) stem, as PostgreSQL's `english` configuration makes its lexeme. */
export function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    const nlp = englishNlp();
    // (wink's declarations type `its.stem` unlike the token functions `out` takes; it is one.)
    stem = nlp
      .readDoc(word)
      .tokens()
      .out(nlp.its.stem as unknown as ItsFunction<string>)
      .join('');
    if (stems.size > 50_000) stems.clear();
    stems.set(word, stem);
  }
  return stem;
}

/**
 * The everyday word a stemmed term stands for, nearest to how the asker spelt it: "expens" after
 * "expences" is "expenses", "lose" after "loose" is "lose". None when English has no word of that
 * stem (a name, a product, a code word).
 */
export function englishSurface(term: string, asked: string): string | undefined {
  // The stem is the start of its words, but for a last letter that changes ("happi": "happy").
  const forms = englishWordsFrom(term.slice(0, Math.max(2, term.length - 1))).filter(
    (w) => editDistance(asked, w, 3) <= 3 && stemOf(w) === term && isEnglishWord(w),
  );
  const nearest = (w: string) => editDistance(asked, w, 3);
  return forms.sort((a, b) => nearest(a) - nearest(b) || englishCount(b) - englishCount(a))[0];
}

/**
 * Loads the dictionary, the stemmer and the word list (about a second together) now, so that the
 * first question with a word the index lacks does not wait for them.
 */
export function warmEnglishLexicon(): void {
  englishSurface('expens', 'expences');
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * The English words one edit from a word (a letter dropped, added, changed, or two swapped) that
 * everyday English uses more than it: what a real word may be a slip for ("loose": "lose").
 */
export function englishNeighbours(word: string): string[] {
  const edits = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const [head, tail] = [word.slice(0, i), word.slice(i)];
    if (tail) edits.add(head + tail.slice(1));
    if (tail.length > 1) edits.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const c of LETTERS) {
      if (tail) edits.add(head + c + tail.slice(1));
      edits.add(head + c + tail);
    }
  }
  const count = englishCount(word);
  return [...edits].filter((w) => w !== word && englishCount(w) > count && isEnglishWord(w));
}
