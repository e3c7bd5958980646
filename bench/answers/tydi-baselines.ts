// The two offline baselines of the TyDi set (its README): they separate what retrieval loses from what the choice
// of sentence loses. Computed in the bench process over the same paragraphs and questions as the replies.
import bm25 from 'wink-bm25-text-search';
import type { TydiQuestion } from './tydi-data';
import { bestOverlapSentence, containsAnswer, tellingWords } from './tydi-score';

export interface BaselineFigures {
  /** BM25's top paragraph is the question's own. */
  bm25ParagraphRight: number;
  /** BM25's top paragraph holds an answer: what a reply quoting that whole paragraph would score. */
  bm25Contains: number;
  /** The best-overlap sentence of BM25's top paragraph holds an answer. */
  bm25FirstSentenceContains: number;
  /** The best-overlap sentence of the question's own paragraph holds an answer (a retrieval oracle). */
  oracleFirstSentenceContains: number;
}

/**
 * (a) BM25 (wink-bm25-text-search, its default k1 1.2, b 0.75) over the sample's paragraphs, tokens as
 * tellingWords makes them (lowercase, stop words out, Porter2 stems), and the sentence of its top paragraph sharing
 * the most question words; (b) the same sentence choice inside the question's own paragraph.
 */
export function tydiBaselines(sample: TydiQuestion[]): BaselineFigures {
  const paragraphs = [...new Set(sample.map((q) => q.context))];
  const engine = bm25();
  engine.defineConfig({ fldWeights: { body: 1 } });
  engine.definePrepTasks([tellingWords]);
  paragraphs.forEach((body, i) => engine.addDoc({ body }, i));
  engine.consolidate();
  let paragraphRight = 0;
  let contains = 0;
  let sentenceContains = 0;
  let oracle = 0;
  for (const q of sample) {
    const top = engine.search(q.question, 1)[0];
    const paragraph = top === undefined ? '' : paragraphs[Number(top[0])]!;
    if (paragraph === q.context) paragraphRight++;
    if (containsAnswer(paragraph, q.answers)) contains++;
    if (paragraph && containsAnswer(bestOverlapSentence(q.question, paragraph), q.answers)) sentenceContains++;
    if (containsAnswer(bestOverlapSentence(q.question, q.context), q.answers)) oracle++;
  }
  const n = sample.length || 1;
  return {
    bm25ParagraphRight: paragraphRight / n,
    bm25Contains: contains / n,
    bm25FirstSentenceContains: sentenceContains / n,
    oracleFirstSentenceContains: oracle / n,
  };
}
