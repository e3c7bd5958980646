// How a TyDi reply is judged (../shared/bench/tydiqa-goldp-en/README.md): against the gold answers after
// SQuAD's normalisation, on the whole reply and on its first sentence, as a reader sees them.
import model from 'wink-eng-lite-web-model';
import winkNLP, { type ItemToken, type ItsFunction } from 'wink-nlp';

const nlp = winkNLP(model);
const its = nlp.its;
// wink-nlp's types declare `its.stem` with a parameter list `out()` does not accept, though it works at run time.
const stem = its.stem as unknown as ItsFunction<string>;

const articles = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;

/**
 * SQuAD v1.1's normalisation (lowercase; punctuation, the articles a/an/the and extra whitespace removed), with
 * Unicode punctuation and symbols counted as punctuation and each replaced by a space rather than deleted, so
 * "Serbian-American" still holds the word "serbian" and "1939–1945" the year "1939".
 */
export const normalizeAnswer = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(articles, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');

/** Whether `text` holds one of the answers as whole words once both are normalised ("10" is not in "100"). */
export function containsAnswer(text: string, answers: string[]): boolean {
  const padded = ` ${normalizeAnswer(text)} `;
  return answers.some((answer) => {
    const wanted = normalizeAnswer(answer);
    return wanted !== '' && padded.includes(` ${wanted} `);
  });
}

/** The reply as a reader sees it: a Markdown link as its words, without its address, and no `[n]` markers. */
export const readerText = (reply: string) =>
  reply.replace(/\[([^\]]*)\]\((?:[^()\s]|\([^()\s]*\))*\)/g, '$1').replace(/\s*\[\d+\]/g, '');

/** The first sentence a reader meets, by wink-nlp's sentence boundaries (which know "Dr." and "U.S."). */
export function firstSentence(reply: string): string {
  const text = readerText(reply).trim();
  return text ? nlp.readDoc(text).sentences().itemAt(0).out() : '';
}

/** The reply's length in words (whitespace-separated), its `[n]` markers left out. */
export const wordCount = (reply: string) => reply.replace(/\s*\[\d+\]/g, '').split(/\s+/).filter(Boolean).length;

/** Words that tell: words and numbers, lowercase, stop words out, stemmed (wink-nlp's Porter2 stems). */
export function tellingWords(text: string): string[] {
  const words: string[] = [];
  nlp
    .readDoc(text)
    .tokens()
    .filter((t) => (t.out(its.type) === 'word' || t.out(its.type) === 'number') && !t.out(its.stopWordFlag))
    .each((t: ItemToken) => words.push(t.out(stem).toLowerCase()));
  return words;
}

/** The sentence of `paragraph` sharing the most distinct telling words with the question; the earliest on a tie. */
export function bestOverlapSentence(question: string, paragraph: string): string {
  const asked = new Set(tellingWords(question));
  let best = { sentence: '', shared: -1 };
  for (const sentence of nlp.readDoc(paragraph).sentences().out()) {
    const shared = new Set(tellingWords(sentence).filter((w) => asked.has(w))).size;
    if (shared > best.shared) best = { sentence, shared };
  }
  return best.sentence;
}
